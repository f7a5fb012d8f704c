// ("never lose paid work"): the engine against the simulator's injected faults at every step of a
// task's life (submission, acknowledgement, polls, downloads), each case one the probe found losing work.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { RecordingSink } from '../downloads/download-fixtures';
import { driveUntil, i3, useEngineRig } from './engine-rig';
import type { CountingGateway } from './engine-rig';

const SUBMIT_PATH = '/v1/images/generations';
const CAP_MS = 300_000;

const bench = useEngineRig((rig) => ({
  polling: { maxRetryAfterMs: CAP_MS },
  downloads: { libraryDir: join(rig.dir, 'library'), sink: new RecordingSink(), backoffMs: 1_000 },
}));
const engine = bench.engine;

const i2 = (prompt: string) => ({
  family: 'image.i2' as const,
  model: 'image_model_id_i2',
  params: { prompt, n: 1 },
});

const settled = (e: TaskEngine, id: string) => (): boolean => {
  const t = e.get(id);
  return t !== null && e.isSettled(t);
};
const submits = (gw: CountingGateway) => gw.log.filter((r) => r.kind === 'submit');
/** Tasks the simulator created for this prompt: more than one is a duplicate charge. */
const upstream = (prompt: string) => bench.rig.sim.createdTasks().filter((t) => t.body.prompt === prompt);

describe('submission faults', () => {
  it('[ERR-9] a 429 at submission waits out Retry-After, capped, and sends again; meanwhile the task says so', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH], retryAfterSeconds: 30 });
    bench.rig.sim.faults.enqueue('429');
    const record = await e.submit(i3('rate limited'));
    expect(record).toMatchObject({ state: 'submitting', error: { httpStatus: 429, retryAfterMs: 30_000 } });
    expect(e.list()[0]).toMatchObject({ state: 'submitting', error: { httpStatus: 429 } });

    // A Retry-After of a day is capped: the next try goes within the cap, not tomorrow.
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH], retryAfterSeconds: 86_400 });
    bench.rig.sim.faults.enqueue('429');
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    const at = submits(gw).map((r) => r.at);
    expect(at).toHaveLength(3);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(30_000);
    expect((at[2] ?? 0) - (at[1] ?? 0)).toBeLessThanOrEqual(CAP_MS);
    expect(e.get(record.id)).toMatchObject({ state: 'completed', error: null });
    expect(upstream('rate limited')).toHaveLength(1);
  });

  it('[ERR-10] [ERR-11] a 500 or 502 at submission of a family without a key is not resent blindly; Try again sends it', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH] });
    bench.rig.sim.faults.enqueue('500');
    const record = await e.submit(i3('ambiguous'));
    expect(record).toMatchObject({ state: 'interrupted', remoteId: null, error: { httpStatus: 500 } });
    await driveUntil(bench.rig, e, () => false, { maxSimMs: 600_000 });
    expect(submits(gw)).toHaveLength(1);

    const again = await e.retrySubmission(record.id);
    expect(again).toMatchObject({ id: record.id, state: 'submitted', error: null });
    expect(again.remoteId).toBeTruthy();
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    expect(e.get(record.id)?.state).toBe('completed');
    await expect(e.retrySubmission(record.id)).rejects.toThrow(/only an interrupted task/i);
  });

  it('[EP-IMAGE-I2HDR-1] I2 meeting 502 resends under its key and completes', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH] });
    bench.rig.sim.faults.enqueue('502');
    const record = await e.submit(i2('fox after 502'));
    expect(record.state).toBe('submitting');
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    expect(e.get(record.id)?.state).toBe('completed');
    expect(upstream('fox after 502')).toHaveLength(1);
  });

  it('item 4: an I2 resend meeting 429 and 5xx keeps resending under the same key and finds the original task', async () => {
    const gw = bench.rig.gateway();
    gw.loseNextAck = true;
    const e = engine(gw, { downloads: null });
    await e.start();
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH], retryAfterSeconds: 2 });
    const record = await e.submit(i2('fox resent'));
    expect(record.state).toBe('submitting');
    bench.rig.sim.faults.enqueue('429', '502', '500');
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    expect(submits(gw)).toHaveLength(5);
    expect(e.get(record.id)?.state).toBe('completed');
    expect(upstream('fox resent')).toHaveLength(1);
    expect(e.get(record.id)?.remoteId).toBe(upstream('fox resent')[0]?.id);
  });

  it('item 3: an unreadable 2xx acknowledgement is not a refusal: I2 recovers with its key, others may be charged', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH] });
    bench.rig.sim.faults.enqueue('garble');
    const fox = await e.submit(i2('garbled fox'));
    expect(fox.state).toBe('submitting');
    expect(await driveUntil(bench.rig, e, settled(e, fox.id))).toBe(true);
    expect(e.get(fox.id)).toMatchObject({ state: 'completed', remoteId: upstream('garbled fox')[0]?.id });
    expect(upstream('garbled fox')).toHaveLength(1);

    bench.rig.sim.faults.enqueue('garble');
    const lighthouse = await e.submit(i3('garbled lighthouse'));
    expect(lighthouse.state).toBe('interrupted');
    expect(lighthouse.error).toMatchObject({ httpStatus: 200, type: 'invalid_response' });
    expect(upstream('garbled lighthouse')).toHaveLength(1);
  });

  it('item 10: every submission carries an Idempotency-Key kept on the row; a lost non-I2 answer is reconciled with usage', async () => {
    const gw = bench.rig.gateway();
    const keys: (string | undefined)[] = [];
    const send = gw.submit.bind(gw);
    gw.submit = (family, body, options) => {
      keys.push(options?.idempotencyKey);
      return send(family, body, options);
    };
    const e = engine(gw, { downloads: null, reconcileAfterMs: 120_000 });
    await e.start();
    await e.submit(i3('known one'));
    gw.loseNextAck = true;
    const lost = await e.submit(i3('lost answer'));
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 16)).toBe(true);
    expect(new Set(keys).size).toBe(2);
    // Never resent on the strength of the key: the family does not promise to honour it.
    expect(lost).toMatchObject({ state: 'interrupted', remoteId: null, reconciliation: null });
    expect(lost.error?.message).toMatch(/may have charged/i);

    // [EP-USAGE-1] once the task would be done, the usage for that model and minute is compared with what
    // the app knows: two requests billed, one of them the known task's.
    const charged = (): boolean => e.get(lost.id)?.reconciliation !== null;
    expect(await driveUntil(bench.rig, e, charged, { maxSimMs: 900_000 })).toBe(true);
    const check = e.get(lost.id)?.reconciliation;
    const cost = bench.rig.sim.createdTasks().find((t) => t.body.prompt === 'lost answer');
    expect(cost).toBeDefined();
    expect(check).toMatchObject({ billedRequests: 2, knownRequests: 1, unmatchedRequests: 1 });
    expect(check?.unmatchedUsd).toBeGreaterThan(0);
    expect(submits(gw)).toHaveLength(2);
  });
});

describe('restart (soak finding)', () => {
  it('a row that never left the machine (waiting for the budget) is held after a restart, not called charged, and sent once when the person says so', async () => {
    const gw1 = bench.rig.gateway();
    const first = engine(gw1, { downloads: null, budget: { requests: 1, perMs: 60_000 } });
    await first.start();
    await first.submit(i3('sent before the crash'));
    // Its row is written (and told) before it waits for the budget: that event, not a guessed delay.
    const written = new Promise<void>((resolve) => {
      const off = first.events.on('task', ({ task }) => {
        if (task.params.prompt !== 'waiting for the budget') return;
        off();
        resolve();
      });
    });
    void first.submit(i3('waiting for the budget')).catch(() => undefined);
    await written;
    expect(first.list().find((t) => t.params.prompt === 'waiting for the budget')?.state).toBe('submitting');
    await first.close();
    // As a SIGKILL leaves it (close() instead marks it cancelled): still submitting, never sent.
    bench.rig
      .openDb()
      .prepare(
        "UPDATE tasks SET state = 'submitting', error = NULL WHERE json_extract(params, '$.prompt') = ?",
      )
      .run('waiting for the budget');

    const gw2 = bench.rig.gateway();
    const second = engine(gw2, { downloads: null });
    await second.start();
    const waiting = second.list().find((t) => t.params.prompt === 'waiting for the budget');
    // Nothing was charged and it says so; nothing is sent behind the person's back (the press may have been
    // told it failed and pressed again), and nothing is reconciled for it.
    expect(waiting).toMatchObject({ state: 'interrupted', error: { code: 'never_sent' } });
    await driveUntil(bench.rig, second, () => false, { maxSimMs: 600_000 });
    expect(upstream('waiting for the budget')).toHaveLength(0);
    expect(second.get(waiting?.id ?? '')?.reconciliation).toBeNull();

    // The person's Send it: the same row goes, once.
    await second.retrySubmission(waiting?.id ?? '');
    expect(await driveUntil(bench.rig, second, settled(second, waiting?.id ?? ''))).toBe(true);
    expect(second.get(waiting?.id ?? '')?.state).toBe('completed');
    expect(upstream('waiting for the budget')).toHaveLength(1);
  });
});

describe('poll faults', () => {
  it('item 2: an unreadable 200 poll answer is a transient fault: back off and poll again', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    const record = await e.submit(i3('garbled poll'));
    bench.rig.sim.faults.set({ paths: ['/v1/tasks/'] });
    bench.rig.sim.faults.enqueue('garble', 'garble');
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    expect(bench.rig.sim.faults.injected.garble).toBe(2);
    expect(e.get(record.id)).toMatchObject({ state: 'completed', error: null });
  });

  it("item 6: a long Retry-After on one task's poll delays only that task, capped, with no timer past the cap", async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    const slow = await e.submit({
      family: 'video.v1',
      model: 'video_model_id_v1_turbo',
      params: { prompt: 'long wait', duration: 5, resolution: '720p' },
    });
    bench.rig.sim.faults.set({ paths: [`/v1/tasks/${slow.remoteId}`], retryAfterSeconds: 999_999_999 });
    bench.rig.sim.faults.enqueue('429', '429');
    let longestTimer = 0;
    const watch = (done: () => boolean) => (): boolean => {
      const next = bench.rig.clock.nextTimerAt();
      if (next !== null) longestTimer = Math.max(longestTimer, next - bench.rig.clock.now());
      return done();
    };
    const refused = (): boolean => bench.rig.sim.faults.injected['429'] >= 1;
    expect(await driveUntil(bench.rig, e, watch(refused))).toBe(true);
    const refusedAt = bench.rig.clock.now();
    const other = await e.submit(i3('not stalled'));
    expect(await driveUntil(bench.rig, e, watch(settled(e, other.id)))).toBe(true);
    expect(e.get(other.id)?.state).toBe('completed');
    // The other task went on while the refused one waited.
    expect(bench.rig.clock.now() - refusedAt).toBeLessThan(CAP_MS);
    expect(await driveUntil(bench.rig, e, watch(settled(e, slow.id)))).toBe(true);
    expect(e.get(slow.id)?.state).toBe('completed');
    expect(bench.rig.sim.faults.injected['429']).toBe(2);
    expect(longestTimer).toBeLessThanOrEqual(CAP_MS * 1.2);
  });
});

describe('download faults (never "0 of 1 files saved" under Completed)', () => {
  it('keeps retrying a failed download with backoff while its link is valid', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw);
    await e.start();
    const record = await e.submit(i3('flaky file'));
    bench.rig.sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/files/'] });
    expect(await driveUntil(bench.rig, e, settled(e, record.id))).toBe(true);
    // Settled for now (a waiting CLI is told), with the reason, but not given up on.
    expect(e.get(record.id)?.downloads).toMatchObject({ total: 1, done: 0, failed: 1 });
    expect(e.get(record.id)?.downloads.missing).toEqual([
      expect.objectContaining({ ordinal: 0, reason: 'refused' }),
    ]);
    bench.rig.sim.faults.clear();
    const done = (): boolean => e.get(record.id)?.downloads.done === 1;
    expect(await driveUntil(bench.rig, e, done, { maxSimMs: 30 * 60_000 })).toBe(true);
    expect(e.get(record.id)?.downloads.missing).toEqual([]);
  });

  it('retryDownloads() fetches again at once, and asks the gateway for fresh links when they expired', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw);
    await e.start();
    // I4's links live 24 hours ([LIM-12]).
    const record = await e.submit({
      family: 'image.i4',
      model: 'image_model_id_i4',
      params: { prompt: 'expiring file', size: '16:9' },
    });
    bench.rig.sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/files/'] });
    // The link expires while the file server refuses; the engine asks for a fresh link by itself, and the
    // simulator (like a gateway whose links do not renew) gives the same one: the file is lost.
    const lost = (): boolean => e.get(record.id)?.downloads.missing[0]?.reason === 'lost';
    expect(await driveUntil(bench.rig, e, lost, { maxSimMs: 2 * 86_400_000 })).toBe(true);
    bench.rig.sim.faults.clear();
    const pollsBefore = gw.log.filter((r) => r.kind === 'poll').length;
    const after = await e.retryDownloads(record.id);
    // A fresh status poll was made; the simulator's links do not renew, so the result is said to be lost.
    expect(gw.log.filter((r) => r.kind === 'poll').length).toBe(pollsBefore + 1);
    expect(after.downloads.missing).toEqual([expect.objectContaining({ ordinal: 0, reason: 'lost' })]);
    expect(e.isSettled(after)).toBe(true);
  });
});
