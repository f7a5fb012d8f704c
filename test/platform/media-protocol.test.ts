// studio-media:// answers, computed under Node: indexed library files only, inside the library folder, with
// ranges for media seeking. The index is a set of paths here; test/web/media-allow-list.test.ts runs the same
// allow-list against a real Library.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import type { DatabaseSync } from '../../electron/core/db/database';
import { ReferenceStore } from '../../electron/core/references/reference-store';
import type { ReferenceImage } from '../../shared/studio/references';
import { mediaUrl, ELECTRON_MEDIA_BASE_URL, referenceUrl } from '../../shared/bridge/media-url';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

let root: string;
let library: string;
let db: DatabaseSync;
let references: ReferenceStore;
let stored: ReferenceImage;

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
  db = openStudioDatabase(join(root, 'data', 'studio.db'));
  references = ReferenceStore.forDatabase(db);
  stored = await references.addBytes(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f80' } })
      .png()
      .toBuffer(),
  );
});

let indexed: Set<string>;
const source = (dir: string) => ({ dir, isLibraryFile: (path: string) => indexed.has(path) });

afterAll(async () => {
  db.close();
  await rm(root, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const { mediaResponse } = await import('../../electron/platform/media-protocol');
  return mediaResponse(new Request(url, { headers, method }), source(library), references);
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

  it('serves a stored reference image and its thumbnail by hash, and nothing else of the store', async () => {
    const image = await get(referenceUrl(ELECTRON_MEDIA_BASE_URL, stored.sha256, 'image'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Number(image.headers.get('content-length'))).toBe(stored.size);
    const thumb = await get(referenceUrl(ELECTRON_MEDIA_BASE_URL, stored.sha256, 'thumbnail'));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);
    expect((await get(`studio-media://references/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await get(`studio-media://references/${stored.sha256.slice(0, 2)}`)).status).toBe(400);
    expect((await get('studio-media://references/..%2F..%2Flibrary%2Fescape.png')).status).toBe(400);
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
    handleMediaProtocol({ handle }, () => source(dir), references);
    expect(handle).toHaveBeenCalledWith('studio-media', expect.any(Function));
    const handler = handle.mock.calls[0]?.[1] as (r: Request) => Promise<Response>;
    expect((await handler(new Request('studio-media://library/2026-11-21/a%20b.png'))).status).toBe(404);
    dir = library;
    expect((await handler(new Request('studio-media://library/2026-11-21/a%20b.png'))).status).toBe(200);
  });
});
