// studio-media:// answers, computed under Node: indexed library files only, inside the library folder, with
// ranges for media seeking. The index is a set of paths here; test/web/media-allow-list.test.ts runs the same
// allow-list against a real Library.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaUrl, ELECTRON_MEDIA_BASE_URL } from '../../shared/bridge/media-url';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

let root: string;
let library: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'studio-protocol-'));
  library = join(root, 'library');
  await mkdir(join(library, '2026-11-21', '.thumbs'), { recursive: true });
  await writeFile(join(library, '2026-11-21', 'a b.png'), Buffer.from('PNGDATA'));
  await writeFile(join(library, '2026-11-21', '.thumbs', 'a b.webp'), Buffer.from('WEBP'));
  await writeFile(join(library, '2026-11-21', 'page.html'), '<script>alert(1)</script>');
  await writeFile(join(root, 'secret.txt'), 'top secret');
  await symlink(join(root, 'secret.txt'), join(library, 'escape.png'));
  await writeFile(join(library, 'studio.db'), 'SQLite format 3');
  await writeFile(join(library, '2026-11-21', 'stray.png'), Buffer.from('NOT INDEXED'));
  indexed = new Set(
    ['2026-11-21/a b.png', '2026-11-21/.thumbs/a b.webp', '2026-11-21/page.html', 'escape.png'].map((p) =>
      join(library, p),
    ),
  );
});

let indexed: Set<string>;
const source = (dir: string) => ({ dir, isLibraryFile: (path: string) => indexed.has(path) });

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const { mediaResponse } = await import('../../electron/platform/media-protocol');
  return mediaResponse(new Request(url, { headers, method }), source(library));
}

describe('studio-media protocol', () => {
  it('serves a library file built by mediaUrl, with its type', async () => {
    const res = await get(mediaUrl(ELECTRON_MEDIA_BASE_URL, '2026-11-21/a b.png'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('PNGDATA');
    const thumb = await get(mediaUrl(ELECTRON_MEDIA_BASE_URL, '2026-11-21/.thumbs/a b.webp'));
    expect(await thumb.text()).toBe('WEBP');
  });

  it('answers a Range request with 206 and the bytes asked for', async () => {
    const res = await get('studio-media://library/2026-11-21/a%20b.png', { range: 'bytes=3-' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 3-6/7');
    expect(await res.text()).toBe('DATA');
  });

  it('serves other file types as opaque bytes in a sandbox, never as a page', async () => {
    const res = await get('studio-media://library/2026-11-21/page.html');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    ['studio-media://library/..%2Fsecret.txt', 400],
    ['studio-media://library/2026-11-21/..%5C..%5Csecret.txt', 400],
    ['studio-media://library/escape.png', 403],
    ['studio-media://other/2026-11-21/a%20b.png', 404],
    ['studio-media://library/2026-11-21/none.png', 404],
    // In the folder but not a library item: never served, whatever the folder setting let in.
    ['studio-media://library/studio.db', 404],
    ['studio-media://library/2026-11-21/stray.png', 404],
  ])('refuses %s (%i)', async (url, status) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(await res.text()).not.toContain('top secret');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await get('studio-media://library/2026-11-21/a%20b.png', {}, 'POST');
    expect(res.status).toBe(405);
  });

  it('registers one handler on the studio-media scheme that reads the current library', async () => {
    const { handleMediaProtocol, MEDIA_SCHEME_PRIVILEGES } =
      await import('../../electron/platform/media-protocol');
    expect(MEDIA_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, stream: true });
    const handle = vi.fn();
    let dir = join(root, 'elsewhere');
    handleMediaProtocol({ handle }, () => source(dir));
    expect(handle).toHaveBeenCalledWith('studio-media', expect.any(Function));
    const handler = handle.mock.calls[0]?.[1] as (r: Request) => Promise<Response>;
    expect((await handler(new Request('studio-media://library/2026-11-21/a%20b.png'))).status).toBe(404);
    dir = library;
    expect((await handler(new Request('studio-media://library/2026-11-21/a%20b.png'))).status).toBe(200);
  });
});
