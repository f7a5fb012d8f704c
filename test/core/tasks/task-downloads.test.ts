// Links and downloads on their own: a completed task's files go to the download manager, and Try again renews
// expired links with one fresh status poll inside the budget (the simulator's links do not renew, so the file
// is then said to be lost). On the rig's clock, with the simulator's file server.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingSink } from '../downloads/download-fixtures';
import { driveUntil, useEngineRig, writeRow } from './engine-rig';

const bench = useEngineRig((rig) => ({
  downloads: { libraryDir: join(rig.dir, 'library'), sink: new RecordingSink(), backoffMs: 1_000 },
}));

describe('TaskDownloads', () => {
  it('without download settings nothing is fetched, no file is listed, and a completed task is settled at once', () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway(), { downloads: null });
    const done = writeRow(p, clock, { state: 'completed' }).record;
    expect(p.downloads.enabled).toBe(false);
    expect(p.downloads.files(done.id)).toEqual([]);
    expect(p.downloads.allSettled(done)).toBe(true);
    expect(p.queries.isSettled(done)).toBe(true);
  });

  it('fetches the files the tracker hands over, and the task counts them', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    const { id } = writeRow(p, clock).record;
    await p.sender.send(id);
    const settled = () => {
      const t = p.tasks.get(id);
      return t !== null && p.queries.isSettled(t) && t.state === 'completed';
    };
    expect(await driveUntil(bench.rig, p, settled)).toBe(true);
    expect(p.tasks.get(id)?.downloads).toMatchObject({ total: 1, done: 1 });
    expect(p.downloads.files(id)[0]).toMatchObject({ state: 'done', mime: 'image/png' });
  });

  it('Try again on expired links asks the gateway once for fresh ones; a link it no longer renews is lost', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    // I4's links live 24 hours ([LIM-12]).
    const request = {
      family: 'image.i4' as const,
      model: 'image_model_id_i4',
      params: { prompt: 'expiring' },
    };
    const row = writeRow(p, clock, { id: 'expiring', request });
    await p.sender.send(row.record.id);
    bench.rig.sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/files/'] });
    // The link expires while the file server refuses; the parts ask for a fresh link by themselves first.
    const lost = () => p.tasks.get('expiring')?.downloads.missing[0]?.reason === 'lost';
    expect(await driveUntil(bench.rig, p, lost, { maxSimMs: 2 * 86_400_000 })).toBe(true);
    bench.rig.sim.faults.clear();
    const pollsBefore = gw.log.filter((r) => r.kind === 'poll').length;
    const task = p.tasks.get('expiring');
    if (!task) throw new Error('the task is gone');
    await p.downloads.retry(task);
    expect(gw.log.filter((r) => r.kind === 'poll').length).toBe(pollsBefore + 1);
    const after = p.tasks.get('expiring');
    expect(after?.downloads.missing).toEqual([expect.objectContaining({ ordinal: 0, reason: 'lost' })]);
    expect(after && p.downloads.allSettled(after)).toBe(true);
  });
});
