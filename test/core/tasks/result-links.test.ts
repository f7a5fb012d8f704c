// Result links as the real gateway's public clients meet them, on the simulator's link
// switches: files on another host than the API's, each file's own expires_at from 1 h to 72 h (the soonest
// fetched first; a file without one before any, in download-manager.test.ts), and a new link that answers 404 while it propagates.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingSink } from '../downloads/download-fixtures';
import { driveUntil, useEngineRig, writeRow, type Rig } from './engine-rig';
import type { EngineParts } from '../../../electron/core/tasks/compose-engine';

const sinks = new Map<Rig, RecordingSink>();
const bench = useEngineRig((rig) => {
  const sink = new RecordingSink();
  sinks.set(rig, sink);
  return { downloads: { libraryDir: join(rig.dir, 'library'), sink, backoffMs: 1_000, concurrency: 1 } };
});

const FOUR_IMAGES = {
  family: 'image.i2' as const,
  model: 'image_model_id_i2',
  params: { prompt: 'four lighthouses', n: 4 },
};

async function completeOne(p: EngineParts, request?: typeof FOUR_IMAGES): Promise<string> {
  const { id } = writeRow(p, bench.rig.clock, request ? { request } : {}).record;
  await p.sender.send(id);
  const settled = () => {
    const t = p.tasks.get(id);
    return t !== null && t.state === 'completed' && p.queries.isSettled(t);
  };
  expect(await driveUntil(bench.rig, p, settled)).toBe(true);
  return id;
}

describe('result links', () => {
  it('fetches results from a host other than the API, which itself does not serve them', async () => {
    const { sim } = bench.rig;
    sim.links.set({ host: 'separate' });
    const p = bench.parts(bench.rig.gateway());
    const id = await completeOne(p);
    const [file] = p.downloads.files(id);
    expect(file).toMatchObject({ state: 'done', mime: 'image/png' });
    expect(file?.url.startsWith(`${sim.links.filesUrl}/files/`)).toBe(true);
    expect(sim.links.filesUrl).not.toBe(sim.url);
    const onApi = await fetch(`${sim.url}${new URL(file?.url ?? '').pathname}`);
    expect(onApi.status).toBe(404);
  });

  it('a fresh link that answers 404 for a few seconds is tried again with backoff, not called missing', async () => {
    const { sim } = bench.rig;
    sim.links.set({ propagationMs: 5_000 });
    const p = bench.parts(bench.rig.gateway());
    const id = await completeOne(p);
    const task = p.tasks.get(id);
    expect(task?.downloads).toMatchObject({ total: 1, done: 1, failed: 0 });
    expect(task?.downloads.missing).toEqual([]);
  });

  it('trusts each file its own expires_at from 1 h to 72 h and fetches the soonest first', async () => {
    const { sim, clock } = bench.rig;
    sim.links.set({ expiry: 'varied' });
    const p = bench.parts(bench.rig.gateway());
    const id = await completeOne(p, FOUR_IMAGES);
    const stored = p.tasks.store.get(id)?.files ?? [];
    const hours = stored.map((f) => Math.round(((f.expiresAt ?? 0) * 1000 - clock.now()) / 3_600_000));
    // The simulator's lifetimes cycle 1 h, 72 h, 24 h, 6 h; each entry carries its own.
    expect(hours).toEqual([1, 72, 24, 6]);
    const sink = sinks.get(bench.rig);
    // With one download at a time: the first starts at once, then the soonest to expire.
    expect(sink?.added.map((d) => d.file.index)).toEqual([0, 3, 2, 1]);
  });
});
