// The reference image store: content-addressed files beside the database, the size limit and its sentence,
// params interned to `studio-ref:` and expanded to the same data URL every time, and served thumbnails.
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { ReferenceStore } from '../../../electron/core/references/reference-store';
import { MAX_REFERENCE_BYTES, referenceTooLarge, referenceUri } from '../../../shared/studio/references';
import { dataUrlOf, jsonBytes, MiB, noisePng } from './reference-fixtures';

let dir: string;
let db: DatabaseSync;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studio-refs-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ReferenceStore', () => {
  it('stores an image once beside the database, named by its sha256, with a thumbnail', async () => {
    const store = ReferenceStore.forDatabase(db);
    expect(store.dir).toBe(join(dir, 'references'));
    const png = await noisePng(64 * 1024);
    const first = await store.addBytes(png);
    const again = await store.addDataUrl(dataUrlOf(png));
    expect(again).toEqual(first);
    expect(first.uri).toBe(referenceUri(first.sha256));
    expect(first).toMatchObject({ mime: 'image/png', size: png.length });
    expect(first.width).toBeGreaterThan(0);
    const stored = store.get(first.sha256);
    expect(stored?.path).toBe(join(dir, 'references', first.sha256.slice(0, 2), `${first.sha256}.png`));
    expect(readFileSync(stored?.path ?? '').equals(png)).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM reference_images').get()).toEqual({ n: 1 });
    const thumb = await store.thumbnail(first.sha256);
    expect(statSync(thumb ?? '').size).toBeLessThan(png.length);
  });

  it('refuses an image over the limit with the one sentence, before decoding a data URL', async () => {
    const store = ReferenceStore.forDatabase(db);
    const over = MAX_REFERENCE_BYTES + MiB;
    const bytes = Buffer.alloc(over);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(store.addBytes(bytes)).rejects.toMatchObject({
      type: 'validation_error',
      message: referenceTooLarge(over),
    });
    await expect(store.addDataUrl(dataUrlOf(bytes))).rejects.toMatchObject({
      message: 'A reference image can be at most 20 MiB; this one is 21 MiB.',
    });
    const path = join(dir, 'big.png');
    writeFileSync(path, bytes);
    await expect(store.addFile(path)).rejects.toMatchObject({ message: referenceTooLarge(over) });
    await expect(store.addBytes(Buffer.from('GIF? no, plain text'))).rejects.toMatchObject({
      type: 'validation_error',
      message: expect.stringContaining('not an image'),
    });
    expect(db.prepare('SELECT count(*) AS n FROM reference_images').get()).toEqual({ n: 0 });
  });

  it('refuses a damaged picture (a PNG cut short, its pixels garbled) before anything is stored or sent', async () => {
    const store = ReferenceStore.forDatabase(db);
    const png = await noisePng(64 * 1024);
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const garbled = Buffer.from(png);
    garbled.fill(0x41, 100, 400);
    for (const bytes of [cut, garbled]) {
      await expect(store.addBytes(bytes)).rejects.toMatchObject({
        type: 'validation_error',
        message: expect.stringContaining('This image is damaged'),
      });
      await expect(store.addDataUrl(dataUrlOf(bytes))).rejects.toMatchObject({ type: 'validation_error' });
    }
    expect(db.prepare('SELECT count(*) AS n FROM reference_images').get()).toEqual({ n: 0 });
    // The whole picture is taken as before.
    await expect(store.addBytes(png)).resolves.toMatchObject({ mime: 'image/png' });
  });

  it('interns data URLs anywhere in params and expands them to the same bytes every time', async () => {
    const store = ReferenceStore.forDatabase(db);
    const png = await noisePng(MiB);
    const url = dataUrlOf(png);
    const params = {
      prompt: 'a fox',
      image_urls: [url, 'https://example.com/a.png', url],
      image_with_roles: [{ url, role: 'style' }],
    };
    const interned = await store.intern(params);
    expect(jsonBytes(interned)).toBeLessThan(1_000);
    const ref = (interned.image_urls as string[])[0];
    expect(ref).toMatch(/^studio-ref:[0-9a-f]{64}$/);
    expect(interned.image_with_roles).toEqual([{ url: ref, role: 'style' }]);
    const sent = await store.expand(interned);
    expect(sent).toEqual(params);
    expect(JSON.stringify(await store.expand(interned))).toBe(JSON.stringify(sent));
    await expect(store.intern({ image_urls: [`studio-ref:${'0'.repeat(64)}`] })).rejects.toMatchObject({
      type: 'validation_error',
      message: expect.stringContaining('not a reference image this studio has stored'),
    });
  });

  it('refuses to expand a reference whose file was damaged, rather than send other bytes', async () => {
    const store = ReferenceStore.forDatabase(db);
    const image = await store.addBytes(await noisePng(32 * 1024));
    writeFileSync(store.get(image.sha256)?.path ?? '', 'changed');
    await expect(store.expand({ image_urls: [image.uri] })).rejects.toMatchObject({
      type: 'validation_error',
      message: expect.stringContaining('missing or damaged'),
    });
  });

  it('takes a library file by hard link, without a second copy of its bytes', async () => {
    const store = ReferenceStore.forDatabase(db);
    const path = join(dir, 'item.png');
    writeFileSync(path, await noisePng(32 * 1024));
    const image = await store.addFile(path, { link: true });
    expect(statSync(store.get(image.sha256)?.path ?? '').ino).toBe(statSync(path).ino);
  });
});
