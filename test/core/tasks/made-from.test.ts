// Made-from: the engine records at submission what each task was made from (a re-run, an edit, a
// library file used as a reference, the track a music operation works on [SRC-1], the grid an upscale picks
// from [EP-GRID-1]) and answers both ways: made from, and made from this.
import { describe, expect, it } from 'vitest';
import type { TaskEngine } from '../../../electron/core/tasks/task-engine';
import type { TaskEngineOptions } from '../../../electron/core/tasks/task-engine';
import type { LibraryFileIndex } from '../../../electron/core/tasks/made-from-links';
import { referenceUri } from '../../../shared/studio/references';
import { runMigrations } from '../../../electron/core/db';
import { studioMigrations } from '../../../electron/core/studio-database';
import { ReferenceStore } from '../../../electron/core/references/reference-store';
import { png as pngOf } from '../library/library-fixtures';
import { i3, seededGridUpscale, useEngineRig } from './engine-rig';

const bench = useEngineRig();

async function engine(extra: Partial<TaskEngineOptions> = {}): Promise<TaskEngine> {
  const e = bench.engine(bench.rig.gateway(), { downloads: null, ...extra });
  await e.start();
  return e;
}

const png = (colour: string) => pngOf(32, 32, colour);

describe('made-from', () => {
  it('a re-run is made from the original, and the original knows it', async () => {
    const e = await engine();
    const first = await e.submit(i3('first'));
    const again = await e.rerun(first.id);
    expect(e.links(again.id)).toEqual({
      madeFrom: [{ relation: 'rerun', taskId: first.id, itemId: null }],
      madeFromThis: [],
    });
    expect(e.links(first.id)).toEqual({
      madeFrom: [],
      madeFromThis: [{ relation: 'rerun', taskId: again.id, itemId: null }],
    });
  });

  it('an edit (Create opened from a task, then changed) is recorded as such, and sets the parent', async () => {
    const e = await engine();
    const first = await e.submit(i3('first'));
    const edited = await e.submit(i3('first, at night'), {
      madeFrom: { relation: 'edit', taskId: first.id },
    });
    expect(edited.parentTaskId).toBe(first.id);
    expect(e.links(edited.id).madeFrom).toEqual([{ relation: 'edit', taskId: first.id, itemId: null }]);
    expect(e.links(first.id).madeFromThis).toEqual([{ relation: 'edit', taskId: edited.id, itemId: null }]);
  });

  it('[EP-IMAGE-2] [EP-VIDEO-6] a library file used as a reference links to its item and task; other references do not', async () => {
    // Two real stored references: one whose bytes are a library item's, one dropped in from elsewhere.
    const store = ReferenceStore.forDatabase(bench.rig.openDb());
    const fromLibrary = await store.addBytes(await png('#336699'));
    const dropped = await store.addBytes(await png('#993366'));
    const shaFromLibrary = fromLibrary.sha256;
    const shaDropped = dropped.sha256;
    const videoLink = 'https://files.example/v.mp4';
    const index: LibraryFileIndex = {
      bySha256: (sha) => (sha === shaFromLibrary ? { itemId: 'item-1', taskId: 'task-1' } : null),
      byRemoteUrl: (url) => (url === videoLink ? { itemId: 'item-2', taskId: 'task-2' } : null),
    };
    const e = await engine({ libraryFiles: index });
    const made = await e.submit(
      i3('with references', { image_urls: [referenceUri(shaFromLibrary), referenceUri(shaDropped)] }),
    );
    expect(e.links(made.id).madeFrom).toEqual([
      { relation: 'reference', taskId: 'task-1', itemId: 'item-1' },
    ]);
    expect(e.links('task-1').madeFromThis).toEqual([
      { relation: 'reference', taskId: made.id, itemId: 'item-1' },
    ]);
    // A video passed on by its gateway link (families that take video URLs) is found by that link.
    const video = await e.submit({
      family: 'video.s',
      model: 'video_model_id_s',
      params: { prompt: 'go on', video_urls: [videoLink] },
    });
    expect(e.links(video.id).madeFrom).toEqual([
      { relation: 'reference', taskId: 'task-2', itemId: 'item-2' },
    ]);
  });

  it('a step whose parent is the picture before it (a recipe: image, then video) is made from that picture once, as its reference', async () => {
    // The recipe passes the step before as the parent; only a music operation or an upscale names a source, so
    // the picture must not also come back as a "music source".
    const store = ReferenceStore.forDatabase(bench.rig.openDb());
    const e0 = await engine();
    const picture = await e0.submit(i3('a lighthouse at dusk'));
    await e0.close();
    const filed = await store.addBytes(await png('#225588'));
    const index: LibraryFileIndex = {
      bySha256: (sha) => (sha === filed.sha256 ? { itemId: 'picture-item', taskId: picture.id } : null),
      byRemoteUrl: () => null,
    };
    const e = await engine({ libraryFiles: index });
    const clip = await e.submit(
      {
        family: 'video.s',
        model: 'video_model_id_s',
        params: { prompt: 'slow push in', duration: 5, image_urls: [referenceUri(filed.sha256)] },
      },
      { parentTaskId: picture.id },
    );
    expect(clip.parentTaskId).toBe(picture.id);
    expect(e.links(clip.id).madeFrom).toEqual([
      { relation: 'reference', taskId: picture.id, itemId: 'picture-item' },
    ]);
    expect(e.links(picture.id).madeFromThis).toEqual([
      { relation: 'reference', taskId: clip.id, itemId: 'picture-item' },
    ]);
  });

  it('a database from before keeps its true source links and loses a later step\'s "music source" (tasks-013)', async () => {
    const db = bench.rig.openDb();
    const e = await engine();
    const picture = await e.submit(i3('a picture'));
    const clip = await e.submit(
      { family: 'video.s', model: 'video_model_id_s', params: { prompt: 'push in', duration: 5 } },
      { parentTaskId: picture.id },
    );
    const track = await e.submit(i3('stand-in for a music task'));
    bench.rig.ownRemoteTask(track.id, bench.rig.sim.seeds.musicExtend);
    const concat = await e.submit({
      family: 'music.concat',
      model: 'music_model_id',
      params: { task_id: bench.rig.sim.seeds.musicExtend, audio_index: 1 },
    });
    // What the code before this was fixed wrote for the recipe's video step.
    db.prepare(
      "INSERT INTO task_sources (task_id, relation, source_task_id) VALUES (?, 'music-source', ?)",
    ).run(clip.id, picture.id);
    expect(e.links(clip.id).madeFrom.map((l) => l.relation)).toEqual(['music-source']);
    db.prepare("DELETE FROM schema_migrations WHERE id = 'tasks-013-sources-by-family'").run();
    runMigrations(db, studioMigrations(bench.rig.dir));
    expect(e.links(clip.id).madeFrom).toEqual([]);
    expect(e.links(concat.id).madeFrom).toEqual([
      { relation: 'music-source', taskId: track.id, itemId: null },
    ]);
  });

  it('[SRC-1] [EP-GRID-1] a music operation and an upscale are made from the local task they name', async () => {
    const e = await engine();
    const track = await e.submit(i3('stand-in for a music task'));
    bench.rig.ownRemoteTask(track.id, bench.rig.sim.seeds.musicExtend);
    const extend = await e.submit({
      family: 'music.concat',
      model: 'music_model_id',
      params: { task_id: bench.rig.sim.seeds.musicExtend, audio_index: 1 },
    });
    expect(e.links(extend.id).madeFrom).toEqual([
      { relation: 'music-source', taskId: track.id, itemId: null },
    ]);

    const grid = await e.submit(i3('grid'));
    bench.rig.ownRemoteTask(grid.id, bench.rig.sim.seeds.grid);
    const upscale = await e.submit(seededGridUpscale(bench.rig));
    expect(e.links(upscale.id).madeFrom).toEqual([
      { relation: 'grid-source', taskId: grid.id, itemId: null },
    ]);
    // A re-run of the upscale is made from the upscale and, like it, from the grid.
    const again = await e.rerun(upscale.id);
    expect(e.links(again.id).madeFrom).toEqual([
      { relation: 'rerun', taskId: upscale.id, itemId: null },
      { relation: 'grid-source', taskId: grid.id, itemId: null },
    ]);
    expect(e.links(grid.id).madeFromThis.map((l) => l.taskId)).toEqual([upscale.id, again.id]);
  });

  it('the links survive a restart (they are rows, not memory)', async () => {
    const e = await engine();
    const first = await e.submit(i3('first'));
    const again = await e.rerun(first.id);
    await e.close();
    const next = await engine();
    expect(next.links(first.id).madeFromThis).toEqual([
      { relation: 'rerun', taskId: again.id, itemId: null },
    ]);
  });
});
