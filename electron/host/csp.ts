// One Content-Security-Policy for both transports (renderer/index.html carries the same as a meta tag, less
// frame-ancestors, which only works as a header; test/host/csp.test.ts keeps them equal): scripts only from the
// app itself, no eval, no plugins, no framing, network only back to our own origin (and, in the app, to library
// files: a raw PCM speech file is fetched to be wrapped as WAV before it can play).
export function contentSecurityPolicy(mediaScheme: string | null): string {
  const media = mediaScheme ? ` ${mediaScheme}:` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self' data:",
    `connect-src 'self'${media}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
  ].join('; ');
}
