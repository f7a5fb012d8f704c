// Presets and styles in the database and in files: saved, renamed, updated and deleted; exported without the
// webhook or stored references; a bad file refused whole with a sentence naming the problem; and the one
// function that composes the sent prompt from the styles on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { PresetStore } from '../../../electron/core/presets';
import { applyStyles } from '../../../shared/studio/presets';

let dir: string;
let db: DatabaseSync;
let store: PresetStore;
const REF = `studio-ref:${'a'.repeat(64)}`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'presets-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  store = new PresetStore({ db, clock: new ManualClock(1_700_000_000_000) });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const fox = {
  name: 'Client fox',
  family: 'image.i2' as const,
  model: 'image_model_id_i2',
  params: {
    prompt: 'a fox',
    n: 2,
    image_urls: [REF, 'https://example.com/a.png'],
    webhook: 'https://hook/?t=secret',
  },
};

describe('PresetStore', () => {
  it('saves, lists per family and across, renames, updates and deletes', () => {
    const saved = store.savePreset(fox);
    store.savePreset({
      name: 'Wide shot',
      family: 'video.k',
      model: 'video_model_id_k',
      params: { mode: 'pro' },
    });
    expect(store.presets('image.i2').map((p) => p.name)).toEqual(['Client fox']);
    expect(store.presets().map((p) => p.family)).toEqual(['image.i2', 'video.k']);
    expect(store.updatePreset(saved.id, { name: 'Client fox v2' }).params).toEqual(fox.params);
    expect(store.updatePreset(saved.id, { params: { prompt: 'a red fox' } }).name).toBe('Client fox v2');
    expect(store.find('client fox v2').params).toEqual({ prompt: 'a red fox' });
    store.deletePreset(saved.id);
    expect(() => store.preset(saved.id)).toThrow(/No preset with id/);
  });

  it('refuses a name another preset has, letter case aside, naming that preset as it is written', () => {
    const saved = store.savePreset(fox);
    expect(() => store.savePreset({ ...fox, name: 'client FOX' })).toThrow(
      'A preset named “Client fox” exists already (letter case aside).',
    );
    const other = store.savePreset({ ...fox, name: 'Wide shot' });
    expect(() => store.updatePreset(other.id, { name: 'CLIENT fox' })).toThrow(/“Client fox” exists already/);
    // A preset may keep its own name, in another case too.
    expect(store.updatePreset(saved.id, { name: 'Client Fox' }).name).toBe('Client Fox');
    expect(store.presets().map((p) => p.name)).toEqual(['Client Fox', 'Wide shot']);
  });

  it('exports without the webhook or stored references, and imports the file back as new presets', () => {
    store.savePreset(fox);
    const file = store.exportPresets();
    expect(file).toMatchObject({ format: 'gateway-studio-presets', version: 1 });
    expect(file.presets[0]?.params).toEqual({
      prompt: 'a fox',
      n: 2,
      image_urls: ['https://example.com/a.png'],
    });
    expect(JSON.stringify(file)).not.toContain('secret');
    const imported = store.importPresets(JSON.stringify(file));
    expect(imported).toHaveLength(1);
    expect(store.presets()).toHaveLength(2);
  });

  it('refuses a bad file whole, with a sentence', () => {
    expect(() => store.importPresets('not json')).toThrow(/not a preset file .*it is not JSON/);
    const bad = JSON.stringify({
      format: 'gateway-studio-presets',
      version: 1,
      presets: [
        { name: 'ok', family: 'image.i3', model: 'm', params: {} },
        { name: 'bad', family: 'image.zz', model: 'm', params: {} },
      ],
    });
    expect(() => store.importPresets(bad)).toThrow(/presets\.1\.family/);
    expect(() => store.importPresets(JSON.stringify({ format: 'other', version: 1, presets: [] }))).toThrow(
      /not a preset file/,
    );
    expect(store.presets()).toEqual([]);
  });

  it('keeps styles, refuses a template without {prompt}, and shares them as a file', () => {
    store.saveStyle({ name: 'Film', text: '35 mm film, soft grain', placement: 'after' });
    expect(() => store.saveStyle({ name: 'Frame', text: 'a poster of', placement: 'template' })).toThrow();
    const file = store.exportStyles();
    expect(file.styles).toEqual([{ name: 'Film', text: '35 mm film, soft grain', placement: 'after' }]);
    expect(store.importStyles(JSON.stringify(file))).toHaveLength(1);
    expect(store.styles()).toHaveLength(2);
  });

  it('a stored row that does not parse (an extra field, a 300 000-character name) never breaks the lists of the others', () => {
    const kept = store.savePreset(fox);
    const style = store.saveStyle({ name: 'Film', text: 'shot on film', placement: 'after' });
    const bad = (table: string, id: string, name: string, body: object) =>
      db
        .prepare(
          `INSERT INTO ${table} (id, name, ${table === 'presets' ? 'family, ' : ''}body, updated_at) VALUES (?, ?, ${table === 'presets' ? "'image.i2', " : ''}?, 1)`,
        )
        .run(id, name, JSON.stringify(body));
    bad('presets', 'bad-1', 'Extra', { ...fox, name: 'Extra', extra: true });
    bad('presets', 'bad-2', 'n'.repeat(300_000), { ...fox, name: 'n'.repeat(300_000) });
    bad('styles', 'bad-3', 'Broken', { name: 'Broken' });
    expect(store.presets().map((p) => p.id)).toEqual([kept.id]);
    expect(store.presets('image.i2').map((p) => p.id)).toEqual([kept.id]);
    expect(store.find('Client fox').id).toBe(kept.id);
    expect(store.styles().map((s) => s.id)).toEqual([style.id]);
    expect(store.exportPresets().presets).toHaveLength(1);
    // Asked for by its id, the bad row is named as unreadable rather than a schema's dump.
    expect(() => store.preset('bad-1')).toThrow(/cannot be read/);
  });

  it('records the styles a task was sent with', () => {
    const style = store.saveStyle({ name: 'Film', text: 'film grain', placement: 'after' });
    store.recordTaskStyles('task-1', 'a fox', [style]);
    expect(store.taskStyles('task-1')).toEqual({
      typed: 'a fox',
      styles: [{ id: style.id, name: 'Film', text: 'film grain', placement: 'after' }],
    });
    expect(store.taskStyles('task-2')).toBeNull();
  });
});

describe('applyStyles', () => {
  it('places each style before, after or through its template, in chip order', () => {
    const film = { text: '35 mm film, soft grain', placement: 'after' as const };
    const photo = { text: 'a photo of', placement: 'before' as const };
    const poster = { text: 'a poster: {prompt}. Bold type', placement: 'template' as const };
    expect(applyStyles('a fox', [film])).toBe('a fox, 35 mm film, soft grain');
    expect(applyStyles('a fox', [photo])).toBe('a photo of, a fox');
    expect(applyStyles('a fox', [film, poster])).toBe('a poster: a fox, 35 mm film, soft grain. Bold type');
    expect(applyStyles('', [film])).toBe('35 mm film, soft grain');
    expect(applyStyles('a fox', [])).toBe('a fox');
  });
});
