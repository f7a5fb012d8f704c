// Settings travel with the file: a PNG carries its generation settings in one iTXt chunk, an MP3 in
// one ID3 TXXX frame; both round-trip, leave the picture or sound untouched, and a file without them reads as
// a plain file. MP4 is not written (see electron/core/library/file-settings.ts for why).
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import extractChunks from 'png-chunks-extract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import {
  mp3WithSettings,
  pngWithSettings,
  readFileSettings,
} from '../../../electron/core/library/file-settings';
import {
  FILE_SETTINGS_KEY,
  FILE_SETTINGS_VERSION,
  readSettingsText,
} from '../../../shared/studio/file-settings';
import { PresetStore } from '../../../electron/core/presets';
import type { FileSettings } from '../../../shared/studio/file-settings';
import { fileBytes, png, task, tempDir } from './library-fixtures';

const settings: FileSettings = {
  app: FILE_SETTINGS_KEY,
  version: FILE_SETTINGS_VERSION,
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: {
    prompt: '灯塔 at dusk — «ünïcode»',
    size: '16:9',
    resolution: '2K',
    image_urls: [`studio-ref:${'c'.repeat(64)}`],
  },
  prompt: '灯塔 at dusk — «ünïcode»',
  taskId: 'task-1',
  madeFrom: ['task-0'],
};

const rawPixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

describe('PNG settings (iTXt)', () => {
  it('round-trips the settings, unicode included, without changing a pixel', async () => {
    const original = await png(64, 48);
    const tagged = pngWithSettings(original, settings);
    expect(readFileSettings(tagged)).toEqual(settings);
    expect(await rawPixels(tagged)).toEqual(await rawPixels(original));
    const names = extractChunks(tagged).map((c) => c.name);
    expect(names.filter((n) => n === 'iTXt')).toHaveLength(1);
    expect(names.at(-1)).toBe('IEND');
  });

  it('writing again replaces the chunk rather than adding a second one', async () => {
    const twice = pngWithSettings(pngWithSettings(await png(8, 8), settings), {
      ...settings,
      model: 'other',
    });
    expect(extractChunks(twice).filter((c) => c.name === 'iTXt')).toHaveLength(1);
    expect(readFileSettings(twice)?.model).toBe('other');
  });

  it('a PNG without settings, a damaged one, or one with foreign JSON under our keyword reads as none', async () => {
    const plain = await png(8, 8);
    expect(readFileSettings(plain)).toBeNull();
    expect(readFileSettings(plain.subarray(0, 40))).toBeNull();
    expect(readFileSettings(new Uint8Array([1, 2, 3]))).toBeNull();
    const foreign = pngWithSettings(plain, {
      ...settings,
      family: 'not.a.family',
    } as unknown as FileSettings);
    expect(readFileSettings(foreign)).toBeNull();
  });
});

describe('MP3 settings (ID3 TXXX)', () => {
  it('round-trips the settings and keeps every audio frame byte for byte', async () => {
    const mp3 = new Uint8Array(await readFile('electron/simulator/fixtures/music.mp3'));
    const music: FileSettings = {
      ...settings,
      family: 'music.concat',
      model: 'music_model_id',
      params: { task_id: 'remote-1', audio_index: 1 },
    };
    const tagged = mp3WithSettings(mp3, music);
    expect(readFileSettings(tagged)).toEqual(music);
    expect(readFileSettings(mp3)).toBeNull();
    // The audio after the ID3 tag is untouched: the tail of the file is the original's.
    const tail = 4096;
    expect(Buffer.from(tagged.subarray(-tail))).toEqual(Buffer.from(mp3.subarray(-tail)));
  });
});

describe('filing a PNG download writes its settings into the file', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let db: DatabaseSync;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    db = openStudioDatabase(join(dir, 'studio.db'));
  });
  afterEach(async () => {
    db.close();
    await cleanup();
  });

  it('the item names the bytes on disk (hash, size) and the file carries family, model, params, made-from', async () => {
    const library = new Library({ db, dir: join(dir, 'media'), madeFromOf: () => ['parent-task'] });
    const source = task({ params: { prompt: 'a lighthouse', size: '4:3' } });
    const item = await fileBytes(library, await png(40, 30), { source });
    const onDisk = new Uint8Array(await readFile(item.path));
    expect(item.sha256).toBe(createHash('sha256').update(onDisk).digest('hex'));
    expect(item.size).toBe(onDisk.byteLength);
    expect(item.width).toBe(40);
    expect(readFileSettings(onDisk)).toEqual({
      app: FILE_SETTINGS_KEY,
      version: FILE_SETTINGS_VERSION,
      family: source.family,
      model: source.model,
      params: source.params,
      prompt: 'a lighthouse',
      taskId: source.id,
      madeFrom: ['parent-task'],
    });
  });

  it('a prompt sent with styles: the file carries them and the prompt as typed, and an export says the same', async () => {
    // The styles are where Create records them (the presets room), read by the library as the app wires it.
    const presets = new PresetStore({ db });
    const styles = [
      { id: 'style-film', name: 'Film', text: '35 mm film, soft grain', placement: 'after' as const },
    ];
    const source = task({ params: { prompt: 'a lighthouse, 35 mm film, soft grain', size: '4:3' } });
    presets.recordTaskStyles(source.id, 'a lighthouse', styles);
    const library = new Library({
      db,
      dir: join(dir, 'media'),
      stylesOf: (taskId) => presets.taskStyles(taskId),
    });
    const item = await fileBytes(library, await png(16, 16), { source });
    const carried = readFileSettings(new Uint8Array(await readFile(item.path)));
    expect(carried?.params.prompt).toBe('a lighthouse, 35 mm film, soft grain');
    expect(carried?.styles).toEqual({ typed: 'a lighthouse', styles });
    expect(library.settingsOf(item).styles).toEqual(carried?.styles);
    // A file written before styles existed (none in it) still reads.
    expect(readSettingsText(JSON.stringify({ ...carried, styles: undefined })).damaged).toBeNull();
  });

  it('a PNG too damaged to rewrite (bad CRC) is still filed, byte for byte as downloaded, without settings', async () => {
    const library = new Library({ db, dir: join(dir, 'media'), madeFromOf: () => [] });
    const bytes = Buffer.from(await png(8, 8));
    // Flip a byte of the first chunk's CRC (IHDR: signature 8 + length 4 + type 4 + data 13).
    bytes[8 + 4 + 4 + 13] = (bytes[8 + 4 + 4 + 13] ?? 0) ^ 0xff;
    const item = await fileBytes(library, bytes);
    expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await readFile(item.path)).toEqual(bytes);
  });
});
