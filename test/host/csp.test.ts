// One Content-Security-Policy everywhere: the header (web mode, the Electron dev server) and the meta tag in
// renderer/index.html, which is the only policy the packaged file:// renderer gets.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/host/csp';

const directives = (policy: string): Map<string, string> =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources.join(' ')]),
  );

describe('content security policy', () => {
  it('is the same in index.html as in the header, but for frame-ancestors (which only works as a header)', async () => {
    const html = await readFile(join(import.meta.dirname, '..', '..', 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const header = directives(contentSecurityPolicy('studio-media'));
    expect(header.get('frame-ancestors')).toBe("'none'");
    header.delete('frame-ancestors');
    expect(directives(meta ?? '')).toEqual(header);
  });

  it('runs only the app’s own scripts and talks only to its own origin', () => {
    const policy = directives(contentSecurityPolicy(null));
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('frame-src')).toBe("'none'");
    expect(policy.get('img-src')).not.toContain('studio-media');
    expect(contentSecurityPolicy('studio-media')).toContain("media-src 'self' blob: studio-media:");
  });
});
