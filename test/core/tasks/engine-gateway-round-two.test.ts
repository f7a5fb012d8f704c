// The engine against the simulator speaking the real gateway's second round of answers: a `failed`
// that carries result links and is `completed` on the next poll, a `completed` whose links come on the next poll,
// relative result links, progress as text, and a content-policy refusal said by its code and type alone. Each
// ends in the task's file or the sentence that says why, never a failed paid task or a wait without end.
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../electron/simulator/index';
import { GatewayClient } from '../../../electron/core/gateway';
import { CountingGateway, driveUntil, useEngineRig } from './engine-rig';

const bench = useEngineRig();
const i3 = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '1:1', resolution: '1K' },
});

function engineSpeaking(...dialects: Dialect[]) {
  bench.rig.sim.dialects.set(dialects);
  const gw = bench.rig.gateway();
  const e = bench.engine(gw);
  return { gw, e };
}

describe('answers that contradict themselves are asked again before they are believed', () => {
  it('failed-then-completed: a `failed` carrying result links is asked again, and the task completes with its file', async () => {
    const { gw, e } = engineSpeaking('failed-then-completed');
    await e.start();
    const task = await e.submit(i3('a lighthouse'));
    const states = new Set<string>();
    const done = () => {
      const t = e.get(task.id);
      if (t) states.add(t.state);
      return !!t && e.isSettled(t);
    };
    expect(await driveUntil(bench.rig, e, done, { stepMs: 250 })).toBe(true);
    expect(states.has('failed')).toBe(false);
    expect(e.get(task.id)).toMatchObject({ state: 'completed', error: null });
    expect(e.get(task.id)?.downloads).toMatchObject({ total: 1, done: 1 });
    // The contradicting answer and the one after it: at least one poll more than the task needed.
    const polls = gw.log.filter((r) => r.kind === 'poll').map((r) => r.at);
    const gap = (polls.at(-1) ?? 0) - (polls.at(-2) ?? 0);
    expect(gap).toBeGreaterThanOrEqual(1_000);
  });

  it('late-results: a `completed` without links is asked again, and the file that comes next is saved', async () => {
    const { e } = engineSpeaking('late-results');
    await e.start();
    const task = await e.submit(i3('a harbour'));
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'completed', error: null });
    expect(e.get(task.id)?.downloads).toMatchObject({ total: 1, done: 1 });
  });

  it('the asking is bounded: a `completed` that never brings links is decided on after three answers', async () => {
    // late-results answers the first finished poll without links; with it on every poll (the header per request
    // cannot say that), the engine's bound is what ends the asking. Here: a task whose answers always lack links.
    const { gw, e } = engineSpeaking('late-results');
    await e.start();
    const real = gw.getTask.bind(gw);
    gw.getTask = async (...args) => ({ ...(await real(...args)), files: [] });
    const task = await e.submit(i3('an empty frame'));
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'completed' });
    expect(e.get(task.id)?.downloads.total).toBe(0);
    const finished = gw.log.filter((r) => r.kind === 'poll').slice(-3);
    expect(finished).toHaveLength(3);
  });
});

describe('links and progress as the real gateway writes them', () => {
  it('relative-links: `/files/…` is fetched from the gateway’s own address', async () => {
    const { e } = engineSpeaking('relative-links');
    await e.start();
    const task = await e.submit(i3('a quay'));
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    const done = e.get(task.id);
    expect(done).toMatchObject({ state: 'completed' });
    expect(done?.downloads).toMatchObject({ total: 1, done: 1 });
    expect(e.files(task.id)[0]?.url.startsWith(`${bench.rig.sim.url}/files/`)).toBe(true);
  });

  it('progress-percent: "45%" is read as 45, and the task completes', async () => {
    const { e } = engineSpeaking('progress-percent');
    await e.start();
    const task = await e.submit(i3('a mill'));
    const seen = new Set<number>();
    const done = () => {
      const t = e.get(task.id);
      if (t) seen.add(t.progress);
      return !!t && e.isSettled(t);
    };
    expect(await driveUntil(bench.rig, e, done, { stepMs: 250 })).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'completed', progress: 100, error: null });
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
  });
});

describe('a content-policy refusal', () => {
  it('policy-errors: {code: 451, type: "policy"} with no message is said as refused by a content policy', async () => {
    const { e } = engineSpeaking('policy-errors');
    await e.start();
    const task = await e.submit(i3('a forbidden thing [fail]'));
    expect(await driveUntil(bench.rig, e, () => e.get(task.id)?.state === 'failed')).toBe(true);
    expect(e.get(task.id)?.error).toMatchObject({
      type: 'task_failed',
      code: 'content_policy',
      message: 'The gateway refused this task under its content policy (451, policy).',
    });
  });
});

describe('the rest of what the real gateway does', () => {
  it('files-not-ready: a file refused as not ready (425) right after success is fetched again, never generated again', async () => {
    const { gw, e } = engineSpeaking('files-not-ready');
    await e.start();
    const task = await e.submit(i3('a ferry'));
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'completed' });
    expect(e.get(task.id)?.downloads).toMatchObject({ total: 1, done: 1, failed: 0 });
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
  });

  it('no-channel: a 503 "no available channel" at submission is a refusal said as configuration, not "may have been charged"', async () => {
    const { gw, e } = engineSpeaking('no-channel');
    await e.start();
    const task = await e.submit(i3('a bridge [no-channel]'));
    expect(task).toMatchObject({ state: 'failed', error: { type: 'channel_unavailable', httpStatus: 503 } });
    expect(task.error?.message).toMatch(/configuration problem/);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
  });

  it('a task past its poll budget stays running, is checked less and less often, and is never failed', async () => {
    const { gw, e } = engineSpeaking();
    await e.start();
    const real = gw.getTask.bind(gw);
    // A task that never finishes at the gateway: every answer says processing.
    gw.getTask = async (...args) => ({
      ...(await real(...args)),
      status: 'processing',
      progress: 50,
      files: [],
      completed: null,
    });
    const task = await e.submit(i3('a slow tide'));
    const started = bench.rig.clock.now();
    const fiveMinutes = () => bench.rig.clock.now() - started >= 5 * 60_000;
    expect(await driveUntil(bench.rig, e, fiveMinutes, { maxSimMs: 3_600_000 })).toBe(true);
    // Within the budget the row says nothing of slower checks.
    expect(e.get(task.id)?.checkedEveryMs).toBeUndefined();
    const threeHours = () => bench.rig.clock.now() - started >= 3 * 3_600_000;
    expect(await driveUntil(bench.rig, e, threeHours, { maxSimMs: 4 * 3_600_000 })).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'processing', error: null });
    // Past it, the row says how often it is checked now (what the Tasks page shows as "still running").
    expect(e.get(task.id)?.checkedEveryMs).toBeGreaterThan(120_000);
    const polls = gw.log.filter((r) => r.kind === 'poll').map((r) => r.at);
    const lastGap = (polls.at(-1) ?? 0) - (polls.at(-2) ?? 0);
    // Before: every 2 min at most, about 120 checks in three hours; past the budget the gap grows to 15 min.
    expect(lastGap).toBeGreaterThan(120_000);
    expect(polls.length).toBeLessThan(80);
  });
});

describe('the key a task was submitted with', () => {
  it('polls the task with it after the creator switches to a key of another account, and the task completes', async () => {
    const { rig } = bench;
    let key: string = rig.sim.keys.default;
    const gw = new CountingGateway(
      new GatewayClient({ baseUrl: rig.sim.url, apiKey: () => key, clock: rig.clock }),
      rig.clock,
    );
    const e = bench.engine(gw);
    await e.start();
    const task = await e.submit(i3('a cliff at noon'));
    expect(task.remoteId).not.toBeNull();
    // The new key belongs to another user: the gateway refuses it this task (403), which would fail it.
    key = rig.sim.keys.other;
    expect(await driveUntil(rig, e, () => e.isSettled(e.get(task.id) ?? task))).toBe(true);
    expect(e.get(task.id)).toMatchObject({ state: 'completed', error: null });
    // New work goes with the new key.
    const next = await e.submit(i3('a cliff at dusk'));
    expect(rig.sim.createdTasks().at(-1)?.body.prompt).toBe('a cliff at dusk');
    expect(next.remoteId).not.toBeNull();
  });
});
