// Result URLs come from the gateway's JSON: we fetch only http(s), and never carry credentials in a URL.

export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
}

export function parseDownloadUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new UnsafeUrlError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError(`refusing to fetch a ${url.protocol} URL`);
  }
  if (url.username || url.password) throw new UnsafeUrlError('refusing a URL with credentials in it');
  return url;
}
