// {base_url} as the app keeps it: one form whatever the user typed. Paths carry the /v1 prefix ([VER-1]), so a
// base entered with a trailing /v1 (as some providers print it, and as a public client's double-/v1 bug shows)
// would send /v1/v1/...: the prefix and trailing slashes are taken off here, once, where a URL enters the app.

/** "https://gw.example.com/v1/" → "https://gw.example.com"; a path prefix before /v1 ("/gw") is kept. */
export function normalizeBaseUrl(url: string): string {
  let out = url.trim().replace(/\/+$/, '');
  while (/\/v1$/i.test(out)) out = out.replace(/\/v1$/i, '').replace(/\/+$/, '');
  return out;
}
