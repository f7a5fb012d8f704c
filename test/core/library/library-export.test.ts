// Export: readable unique names, the settings JSON beside each file (the same object the PNG carries), a folder
// export that never overwrites, and a zip read back with yauzl (entries, bytes, JSON).
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { readFileSettings } from '../../../electron/core/library/file-settings';
import {
  exportStem,
  exportToFolder,
  exportZip,
  planExport,
} from '../../../electron/core/library/library-export';
import type { LibraryItem } from '../../../shared/studio/records';
import { must, png, resultFile, task, tempDir, wav, writeBytes } from './library-fixtures';
import { readZip } from '../../support/read-zip';

let dir: string;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;
const NOW = new Date(2026, 10, 20, 15, 30).getTime();

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('library-export-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media'), now: () => NOW, madeFromOf: () => ['parent-1'] });
});
afterEach(async () => {
  db.close();
  await cleanup();
});

async function addImage(prompt: string, colour: string): Promise<LibraryItem> {
  const path = await library.allocatePath(`${crypto.randomUUID()}.png`);
  const { size, sha256 } = await writeBytes(path, await png(40, 30, colour));
  return library.fileDownload({
    task: task({ params: { prompt, size: '4:3' }, model: 'image_model_id_i3' }),
    file: resultFile(),
    path,
    size,
    sha256,
    mime: 'image/png',
  });
}

async function addSpeech(text: string): Promise<LibraryItem> {
  const path = await library.allocatePath(`${crypto.randomUUID()}.wav`);
  const { size, sha256 } = await writeBytes(path, wav(0.2));
  return library.addSpeech({
    path,
    size,
    sha256,
    mime: 'audio/wav',
    model: 'tts-1',
    input: text,
    params: { voice: 'alloy' },
  });
}

describe('export names', () => {
  it('keeps a readable file name, and gives an older file the same scheme (slug of the prompt, or the kind)', async () => {
    const named = await addImage('A red fox, in snow!', '#ff0000');
    const readable = {
      ...named,
      path: join(dir, 'media', '2026-11-20', '2026-11-20_red-fox-in-snow_3f9a1c.png'),
    };
    expect(exportStem(readable)).toBe('2026-11-20_red-fox-in-snow_3f9a1c');
    const older = { ...named, path: join(dir, 'media', '2026-11-20', `${named.taskId}-0.png`) };
    expect(exportStem(older)).toMatch(/^2026-11-20_a-red-fox-in-snow_[0-9a-f]{6}$/);
    const speech = await addSpeech('...');
    expect(exportStem({ ...speech, path: join(dir, 'speech-x.wav') })).toMatch(
      /^2026-11-20_speech_[0-9a-f]{6}$/,
    );
    expect(exportStem({ ...named, prompt: '雪中的红狐狸', path: join(dir, 'x.png') })).toMatch(
      /^2026-11-20_雪中的红狐狸_[0-9a-f]{6}$/,
    );
  });

  it('keeps names unique inside one export, whatever the case', async () => {
    const a = await addImage('Same prompt', '#ff0000');
    const items = [a, { ...a }, { ...a, path: a.path.toUpperCase() }];
    const names = planExport(items, (item) => library.settingsOf(item)).map((e) => e.name.toLowerCase());
    const stem = exportStem(a).toLowerCase();
    expect(names).toEqual([`${stem}.png`, `${stem}-2.png`, `${stem}-3.png`]);
  });
});

describe('exporting', () => {
  it('writes each file and its settings (as the PNG carries them) into a folder, never over a file', async () => {
    const a = await addImage('a red fox', '#ff0000');
    const s = await addSpeech('Hello there.');
    const entries = planExport([a, s], (item) => library.settingsOf(item));
    const folder = join(dir, 'out');
    await mkdir(folder);
    await writeFile(join(folder, entries[0]?.name ?? ''), 'already here');
    expect(await exportToFolder(entries, folder)).toBe(2);
    const stemA = exportStem(a);
    const stemS = exportStem(s);
    expect((await readdir(folder)).sort()).toEqual(
      [`${stemA}.png`, `${stemA} (2).png`, `${stemA} (2).json`, `${stemS}.wav`, `${stemS}.json`].sort(),
    );
    expect(await readFile(join(folder, `${stemA}.png`), 'utf8')).toBe('already here');
    const copied = await readFile(join(folder, `${stemA} (2).png`));
    expect(copied.equals(await readFile(a.path))).toBe(true);
    const json = JSON.parse(await readFile(join(folder, `${stemA} (2).json`), 'utf8')) as unknown;
    // The JSON beside the file is exactly what the file itself carries.
    expect(json).toEqual(readFileSettings(copied));
    expect(json).toMatchObject({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a red fox', size: '4:3' },
      prompt: 'a red fox',
      taskId: a.taskId,
      madeFrom: ['parent-1'],
    });
    expect(JSON.parse(await readFile(join(folder, `${stemS}.json`), 'utf8'))).toMatchObject({
      family: 'speech',
      model: 'tts-1',
      prompt: 'Hello there.',
      params: { voice: 'alloy' },
      taskId: null,
      madeFrom: [],
    });
  });

  it('streams a zip: each file stored as it is, its settings JSON beside it', async () => {
    const a = await addImage('a blue whale', '#0000ff');
    const b = await addImage('a blue whale', '#0000fe');
    const entries = planExport([a, b], (item) => library.settingsOf(item));
    const zip = await readZip(await buffer(exportZip(entries)));
    expect(zip.map((e) => e.name)).toEqual(entries.flatMap((e) => [e.name, e.settingsName]));
    const picture = must(zip.find((e) => e.name === entries[1]?.name));
    expect(picture.compressed).toBe(false);
    expect(picture.bytes.equals(await readFile(b.path))).toBe(true);
    const settings = must(zip.find((e) => e.name === entries[1]?.settingsName));
    expect(JSON.parse(settings.bytes.toString('utf8'))).toEqual(readFileSettings(picture.bytes));
  });

  it('fails the stream when a file has gone, instead of ending short', async () => {
    const a = await addImage('vanishing', '#00ff00');
    const entries = planExport([{ ...a, path: join(dir, 'nowhere.png') }], (item) =>
      library.settingsOf(item),
    );
    await expect(buffer(exportZip(entries))).rejects.toThrow();
  });
});
