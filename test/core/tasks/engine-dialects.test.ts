// The engine against the simulator speaking the real gateway's dialects. Each must end in a file or a
// clear sentence, never a stuck or failed paid task: an unknown status word is polled on (with backoff) and shown,
// a cancelled task is its own state and costs nothing, n > 1 answered as several tasks files them all under the
// press, the object envelope's estimate is kept, a result already in the answer is never polled, and an error
// body with HTTP 200 is the refusal it says.
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../electron/simulator/index';
import { driveUntil, useEngineRig } from './engine-rig';

const bench = useEngineRig();
const I3 = { family: 'image.i3' as const, model: 'image_model_id_i3' };
const i3 = (prompt: string) => ({ ...I3, params: { prompt, size: '1:1', resolution: '1K' } });

function engineSpeaking(...dialects: Dialect[]) {
  bench.rig.sim.dialects.set(dialects);
  const gw = bench.rig.gateway();
  const e = bench.engine(gw);
  return { gw, e };
}

describe('status words (status-words)', () => {
  it('an unknown word keeps the task polled with a growing wait, the row shows the word, and it completes', async () => {
    const { gw, e } = engineSpeaking('status-words');
    await e.start();
    const task = await e.submit(i3('a mill at noon [status:moderating]'));
    const words = new Set<string>();
    const done = () => {
      const t = e.get(task.id);
      if (t?.gatewayStatus) words.add(t.gatewayStatus);
      return t?.state === 'completed' && e.isSettled(t);
    };
    expect(await driveUntil(bench.rig, e, done, { stepMs: 500 })).toBe(true);
    expect(words).toEqual(new Set(['moderating']));
    expect(e.get(task.id)).toMatchObject({ state: 'completed' });
    expect(e.get(task.id)?.gatewayStatus).toBeUndefined();
    // Polled on, never in a storm: a word nobody knows waits at least the error backoff between polls.
    const polls = gw.log.filter((r) => r.kind === 'poll').map((r) => r.at);
    const gaps = polls.slice(1).map((at, i) => at - (polls[i] ?? 0));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000);
  });

  it('a cancelled task ends as cancelled, costs nothing, and no file is expected', async () => {
    const { e } = engineSpeaking('status-words');
    await e.start();
    const task = await e.submit(i3('a barn [cancel]'));
    expect(await driveUntil(bench.rig, e, () => e.get(task.id)?.state === 'cancelled')).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'cancelled', cost: 0, creditsCost: 0, error: null });
    expect(e.get(task.id)?.downloads.total).toBe(0);
  });

  it('without the dialect the same prompt is a failed task (the switch is what the engine meets)', async () => {
    const { e } = engineSpeaking();
    await e.start();
    const task = await e.submit(i3('a barn [cancel]'));
    expect(await driveUntil(bench.rig, e, () => e.get(task.id)?.state === 'failed')).toBe(true);
  });
});

describe('submission envelopes', () => {
  it('multi-task: n = 3 answered as three tasks files all three under the one press, each with its picture', async () => {
    const { e } = engineSpeaking('multi-task');
    await e.start();
    const first = await e.submit({
      family: 'image.i5',
      model: 'image_model_id_i5',
      params: { prompt: 'three owls', n: 3 },
    });
    const all = () => e.list().filter((t) => t.family === 'image.i5');
    const done = () => all().length === 3 && all().every((t) => t.state === 'completed' && e.isSettled(t));
    expect(await driveUntil(bench.rig, e, done)).toBe(true);
    const batch = e.get(first.id)?.batch;
    expect(batch?.size).toBe(3);
    for (const t of all()) {
      expect(t.batch).toEqual(batch);
      expect(t.downloads).toMatchObject({ total: 1, done: 1 });
    }
    expect(new Set(all().map((t) => t.remoteId)).size).toBe(3);
  });

  it('object envelope: task_info.estimated_time is on the row from the acknowledgement', async () => {
    const { e } = engineSpeaking('object-envelope');
    await e.start();
    const task = await e.submit(i3('a kite'));
    expect(task.remoteId).not.toBeNull();
    expect(task.estimatedTime).toBeGreaterThan(0);
    expect(await driveUntil(bench.rig, e, () => e.get(task.id)?.state === 'completed')).toBe(true);
  });

  it('generation.result: the answer is the result, filed without a single poll', async () => {
    const { gw, e } = engineSpeaking('inline-result');
    await e.start();
    const task = await e.submit(i3('a quick sketch'));
    expect(task.state).toBe('completed');
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    expect(e.get(task.id)?.downloads).toMatchObject({ total: 1, done: 1 });
    expect(gw.log.filter((r) => r.kind === 'poll')).toHaveLength(0);
  });
});

describe('error bodies under HTTP 200', () => {
  it('{code: 402, message} with HTTP 200 fails the press as "balance too low", nothing charged, nothing polled', async () => {
    bench.rig.sim.dialects.set(['errors-code-message', 'errors-http-200']);
    const gw = bench.rig.gateway(bench.rig.sim.keys.empty);
    const e = bench.engine(gw);
    await e.start();
    const task = await e.submit(i3('x'));
    expect(task).toMatchObject({ state: 'failed', error: { type: 'payment_required', httpStatus: 402 } });
    expect(gw.log.filter((r) => r.kind === 'poll')).toHaveLength(0);
  });

  it('[EP-VIDEO-NSFW-4] [ERR-3] a moderation refusal with HTTP 200 fails the press as flagged and not charged, never "may have charged"', async () => {
    // The I2-style body {error: {type: nsfw_content_detected, code: nsfw_content_detected}} names no status: the
    // spec's table gives the type its 400, so it is a refusal, not an answer whose outcome is unknown.
    bench.rig.sim.dialects.set(['errors-http-200']);
    const gw = bench.rig.gateway();
    const e = bench.engine(gw);
    await e.start();
    const created = bench.rig.sim.createdTasks().length;
    const task = await e.submit({
      family: 'video.s',
      model: 'video_model_id_s',
      params: { prompt: 'a beach [nsfw:violence]', duration: 5, nsfw_check: true },
    });
    expect(task).toMatchObject({
      state: 'failed',
      error: { type: 'nsfw_content_detected', httpStatus: 400, retryable: false },
    });
    expect(task.error?.message).not.toMatch(/may have charged/);
    expect(task.reconciliation ?? null).toBeNull();
    // Nothing was created upstream, nothing is polled or reconciled.
    expect(bench.rig.sim.createdTasks()).toHaveLength(created);
    expect(gw.log.filter((r) => r.kind === 'poll')).toHaveLength(0);
  });

  it('{success: false, message} with HTTP 200 is the gateway refusing the press in its own words', async () => {
    bench.rig.sim.dialects.set(['errors-success-false', 'errors-http-200']);
    const e = bench.engine(bench.rig.gateway(bench.rig.sim.keys.empty));
    await e.start();
    const task = await e.submit(i3('x'));
    expect(task).toMatchObject({
      state: 'failed',
      error: { type: 'invalid_request_error', httpStatus: 400 },
    });
    expect(task.error?.message).toMatch(/balance/i);
  });
});
