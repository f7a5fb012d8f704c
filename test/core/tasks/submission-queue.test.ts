// The submission queue against the simulator on one manual clock: items held until their turn, sent in the
// queue's order (what the gateway received), cancelled for nothing, kept paused and whole across a restart,
// taken up after a cut-off send without a second task, and paused with a sentence when a budget is reached.
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { SpendStopped } from '../../../shared/studio/spend-stopped';
import type { SpendStop } from '../../../shared/studio/spending';
import type { SubmissionGuard } from '../../../electron/core/tasks/task-history';
import { queueTimeline } from '../../../electron/core/tasks/queue-timeline';
import { ManualClock } from '../../../electron/core/clock';
import { driveUntil, i3, useEngineRig } from './engine-rig';
import type { CountingGateway } from './engine-rig';

const rigs = useEngineRig();

/** A promise's value once it has one, read by driveUntil's condition while the clock is stepped. */
function settledBy<T>(work: Promise<T>): { value: T | null } {
  const box: { value: T | null } = { value: null };
  void work.then((value) => (box.value = value));
  return box;
}

const sentPrompts = (gateway: CountingGateway): string[] =>
  gateway.bodies.map((b) => String((JSON.parse(b) as { prompt: unknown }).prompt));

describe('the submission queue', () => {
  it('holds items while paused, sends them in the order they were moved to, one press after another', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const engine = rigs.engine(gateway, { runQueue: true });
    await engine.start();
    engine.queue.pause();
    const ids = await engine.queue.add(['one', 'two', 'three', 'four'].map((prompt) => i3(prompt)));
    await driveUntil(rig, engine, () => false, { maxSimMs: 10_000 });
    expect(gateway.bodies).toEqual([]);
    engine.queue.move(ids[3] ?? '', 'front');
    engine.queue.move(ids[0] ?? '', 'back');
    engine.queue.move(ids[2] ?? '', { before: ids[1] ?? '' });
    const view = engine.queue.view();
    expect(view.items.map((i) => [i.prompt, i.position])).toEqual([
      ['four', 1],
      ['three', 2],
      ['two', 3],
      ['one', 4],
    ]);
    engine.queue.resume();
    const done = await driveUntil(rig, engine, () => engine.list({ states: ['completed'] }).length === 4);
    expect(done).toBe(true);
    expect(sentPrompts(gateway)).toEqual(['four', 'three', 'two', 'one']);
    expect(engine.queue.view().items.every((i) => i.state === 'sent' && i.taskState === 'completed')).toBe(
      true,
    );
  });

  it('sends no more than `parallel` of its tasks at once', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const engine = rigs.engine(gateway, { runQueue: true });
    await engine.start();
    engine.queue.setParallel(1);
    await engine.queue.add(['a', 'b'].map((prompt) => i3(prompt)));
    await driveUntil(rig, engine, () => gateway.bodies.length === 1);
    const first = engine.list()[0];
    expect(first?.state).not.toBe('completed');
    // The second goes only once the first has finished.
    await driveUntil(rig, engine, () => gateway.bodies.length === 2);
    expect(engine.list({ states: ['completed'] }).length).toBeGreaterThanOrEqual(1);
    expect(sentPrompts(gateway)).toEqual(['a', 'b']);
  });

  it('cancels an item never sent for nothing; one at the gateway only when confirmed', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const engine = rigs.engine(gateway, { runQueue: true });
    await engine.start();
    engine.queue.setParallel(1);
    const [first, second] = await engine.queue.add(['kept', 'dropped'].map((prompt) => i3(prompt)));
    await driveUntil(rig, engine, () => gateway.bodies.length === 1);
    expect(engine.queue.cancel([second ?? ''])).toEqual({ cancelled: [second], atGateway: [] });
    // The first is at the gateway: named, not cancelled, until the person confirms.
    expect(engine.queue.cancel([first ?? ''])).toEqual({ cancelled: [], atGateway: [first] });
    expect(engine.queue.cancel([first ?? ''], { atGateway: true })).toEqual({
      cancelled: [first],
      atGateway: [],
    });
    const items = engine.queue.view().items;
    expect(items.find((i) => i.id === second)?.charge).toBe('not-charged');
    expect(items.find((i) => i.id === first)).toMatchObject({
      charge: 'may-be-charged',
      taskState: 'stopped',
    });
    await driveUntil(rig, engine, () => false, { maxSimMs: 60_000 });
    expect(sentPrompts(gateway)).toEqual(['kept']);
  });

  it('keeps a paused queue paused and whole across a restart, and its schedule', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const before = rigs.engine(gateway, { runQueue: true });
    await before.start();
    before.queue.pause();
    await before.queue.add(['x', 'y', 'z'].map((prompt) => i3(prompt)));
    before.queue.schedule(rig.clock.now() + 3_600_000);
    const seen = before.queue.view();
    await before.close();
    const after = rigs.engine(gateway, { runQueue: true });
    await after.start();
    await driveUntil(rig, after, () => false, { maxSimMs: 30_000 });
    expect(after.queue.view()).toEqual({ ...seen, items: seen.items.map((i) => ({ ...i })) });
    expect(gateway.bodies).toEqual([]);
    // Resumed, it still waits for its start time.
    after.queue.resume();
    await driveUntil(rig, after, () => false, { maxSimMs: 60_000 });
    expect(gateway.bodies).toEqual([]);
    await driveUntil(rig, after, () => gateway.bodies.length === 3, { maxSimMs: 4 * 3_600_000 });
    expect(sentPrompts(gateway)).toEqual(['x', 'y', 'z']);
  });

  it('takes up an item cut off mid-send under its key: its row answers, nothing is sent twice', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const first = rigs.engine(gateway, { runQueue: true });
    await first.start();
    first.queue.pause();
    const [id] = await first.queue.add([i3('once')]);
    // As if the app died after writing the row and sending it, before the queue recorded the answer.
    const task = await first.submit(i3('once'), { key: first.queue.store.get(id ?? '')?.key ?? '' });
    first.queue.store.update(id ?? '', { state: 'sending', updatedAt: rig.clock.now() });
    await first.close();
    const second = rigs.engine(gateway, { runQueue: true });
    await second.start();
    second.queue.resume();
    await driveUntil(rig, second, () => second.queue.view().items[0]?.state === 'sent');
    expect(second.queue.view().items[0]?.taskId).toBe(task.id);
    expect(gateway.bodies).toHaveLength(1);
  });

  // A kill -9 after the item's task row was written and before its request left. The next start
  // held that row as never sent (for the person's Send it) while the queue took its item for sent: the item
  // was never sent. The row now belongs to the queue's press, and the start sends it, once.
  it('sends after a restart an item whose row was written but whose request never left, once', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    // The first life's clock moves a millisecond at a time: its second send waits for a slot of the request
    // budget (one a minute), which is where a kill -9 finds it (the row written, no sent_at); the life is
    // abandoned there.
    const frozen = new ManualClock(rig.clock.now());
    const first = rigs.engine(gateway, {
      runQueue: true,
      clock: frozen,
      budget: { requests: 1, perMs: 60_000 },
    });
    await first.start();
    await first.queue.add([i3('first'), i3('second')]);
    const db = rig.openDb();
    const unsent = () =>
      db.prepare("SELECT COUNT(*) AS n FROM tasks WHERE state = 'submitting' AND sent_at IS NULL").get() as {
        n: number;
      };
    await expect
      .poll(
        async () => {
          await frozen.advanceTo(frozen.now() + 1);
          return unsent().n;
        },
        { timeout: 10_000, interval: 10 },
      )
      .toBe(1);
    expect(sentPrompts(gateway)).toEqual(['first']);

    const second = rigs.engine(gateway, { runQueue: true });
    await second.start();
    const done = await driveUntil(rig, second, () => second.list({ states: ['completed'] }).length === 2);
    expect(done, JSON.stringify(second.list().map((t) => [t.params.prompt, t.state, t.error?.message]))).toBe(
      true,
    );
    expect(sentPrompts(gateway)).toEqual(['first', 'second']);
    expect(
      second.queue
        .view()
        .items.map((i) => [i.prompt, i.state])
        .sort(),
    ).toEqual([
      ['first', 'sent'],
      ['second', 'sent'],
    ]);
  });

  it('pauses with the sentence when a budget is reached at send time, instead of refusing item after item', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    let room = 2;
    const sentence = 'Not sent: your daily budget is 1.00 USD and 1.00 USD has been spent today.';
    const guard: SubmissionGuard = {
      admit: () => {
        if (room <= 0) throw new GatewayError(localErrorInfo('budget_exceeded', sentence));
        room--;
      },
      admitAll: () => undefined,
    };
    const engine = rigs.engine(gateway, { runQueue: true, guard });
    await engine.start();
    await engine.queue.add(['p1', 'p2', 'p3', 'p4'].map((prompt) => i3(prompt)));
    await driveUntil(rig, engine, () => engine.queue.view().paused);
    const view = engine.queue.view();
    expect(view.pausedReason).toBe(sentence);
    // A refusal that carries no facts (as kept before there were any) is told by its sentence alone.
    expect(view.pausedFor).toBeNull();
    expect(view.items.filter((i) => i.state === 'waiting').map((i) => [i.prompt, i.position])).toEqual([
      ['p3', 1],
      ['p4', 2],
    ]);
    expect(sentPrompts(gateway)).toEqual(['p1', 'p2']);
    room = 2;
    engine.queue.resume();
    await driveUntil(rig, engine, () => gateway.bodies.length === 4);
    expect(sentPrompts(gateway)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('pauses when the threshold asks at send time; resuming confirms that item and goes on', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const sentence =
      'This will probably cost about 0.30 USD, above your confirmation threshold. Confirm it to send it.';
    const stop: SpendStop = {
      kind: 'confirm',
      check: {
        unit: 'usd',
        timeZone: 'UTC',
        estimate: 0.3,
        unknown: 0,
        unpricedModels: [],
        confirmAbove: 0.1,
        needsConfirmation: true,
        refusal: null,
      },
    };
    const guard: SubmissionGuard = {
      admit: (_task, { confirmed }) => {
        if (!confirmed) throw new SpendStopped(stop, sentence);
      },
      admitAll: () => undefined,
    };
    const engine = rigs.engine(gateway, { runQueue: true, guard });
    await engine.start();
    const [asked] = await engine.queue.add([i3('dear')]);
    await driveUntil(rig, engine, () => engine.queue.view().paused);
    // The view tells the facts; each screen names its own answer (the app's Resume queue button, the CLI's command).
    expect(engine.queue.view()).toMatchObject({
      paused: true,
      pausedReason: 'This will probably cost about 0.30 USD, above your confirmation threshold.',
      // The facts too, so the app words them in the person's language (the sentence is the CLI's English).
      pausedFor: stop,
      pausedToConfirm: true,
    });
    expect(engine.queue.view().items[0]).toMatchObject({ id: asked, state: 'waiting', position: 1 });
    expect(gateway.bodies).toEqual([]);
    engine.queue.resume();
    await driveUntil(rig, engine, () => gateway.bodies.length === 1);
    expect(sentPrompts(gateway)).toEqual(['dear']);
    expect(engine.queue.view()).toMatchObject({ paused: false, pausedReason: null, pausedFor: null });
  });

  it("holds a batch's part beyond one window of the request budget in the queue, as part of the batch", async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const engine = rigs.engine(gateway, { runQueue: true, budget: { requests: 2, perMs: 1_000 } });
    await engine.start();
    engine.queue.pause();
    const press = () =>
      settledBy(
        engine.submitBatch(
          ['b0', 'b1', 'b2', 'b3', 'b4'].map((prompt) => i3(prompt)),
          { key: 'batch-overflow-press' },
        ),
      );
    const first = press();
    await driveUntil(rig, engine, () => first.value !== null);
    const { batchId, tasks } = first.value ?? { batchId: '', tasks: [] };
    expect(tasks.map((t) => t.params.prompt)).toEqual(['b0', 'b1']);
    const waiting = engine.queue.view().items.filter((i) => i.state === 'waiting');
    expect(waiting.map((i) => [i.prompt, i.origin, i.group])).toEqual([
      ['b2', 'batch', batchId],
      ['b3', 'batch', batchId],
      ['b4', 'batch', batchId],
    ]);
    // A repeat of the press adds nothing to the queue and sends nothing again.
    const again = press();
    await driveUntil(rig, engine, () => again.value !== null);
    expect(engine.queue.view().items.filter((i) => i.state === 'waiting')).toHaveLength(3);
    expect(gateway.bodies).toHaveLength(2);
    engine.queue.resume();
    await driveUntil(rig, engine, () => engine.list().length === 5 && gateway.bodies.length === 5);
    expect(engine.list().every((t) => t.batch?.id === batchId && t.batch.size === 5)).toBe(true);
    expect(sentPrompts(gateway)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
  });

  it('refuses at queue time what the limits refuse, writing nothing', async () => {
    const { rig } = rigs;
    const guard: SubmissionGuard = {
      admit: () => undefined,
      admitAll: () => {
        throw new GatewayError(localErrorInfo('confirmation_required', 'Confirm it to send it.'));
      },
    };
    const engine = rigs.engine(rig.gateway(), { runQueue: true, guard });
    await expect(engine.queue.add([i3('costly')])).rejects.toThrow('Confirm it to send it.');
    expect(engine.queue.view().items).toEqual([]);
  });
});

describe('the queue timeline', () => {
  it('says what is ahead of each item and when it starts, over parallel lanes', () => {
    const entries = queueTimeline({
      now: 0,
      paused: false,
      startAt: null,
      parallel: 2,
      runningSeconds: [10],
      waiting: [
        { usd: 0.1, seconds: 20 },
        { usd: 0.2, seconds: 5 },
        { usd: null, seconds: null },
        { usd: 0.3, seconds: 1 },
      ],
    });
    expect(entries.map((e) => e.expectedStartAt)).toEqual([0, 10_000, 15_000, 20_000]);
    expect(entries.map((e) => e.aheadSeconds)).toEqual([10, 30, 35, 35]);
    expect(entries.map((e) => e.aheadUsd)).toEqual([0, 0.1, 0.1 + 0.2, 0.1 + 0.2]);
    expect(entries.map((e) => e.aheadUnknown)).toEqual([0, 0, 0, 1]);
  });

  it('says nothing of the time ahead when no duration ahead is known', () => {
    const entries = queueTimeline({
      now: 0,
      paused: false,
      startAt: null,
      parallel: 1,
      runningSeconds: [],
      waiting: [
        { usd: 0.1, seconds: null },
        { usd: 0.1, seconds: null },
      ],
    });
    expect(entries.map((e) => [e.aheadSeconds, e.aheadUsd, e.aheadUnknown])).toEqual([
      [0, 0, 0],
      [null, 0.1, 1],
    ]);
  });

  it('knows no start while paused, and none before the schedule', () => {
    const base = { now: 1_000, parallel: 1, runningSeconds: [], waiting: [{ usd: 1, seconds: 1 }] };
    expect(queueTimeline({ ...base, paused: true, startAt: null })[0]?.expectedStartAt).toBeNull();
    expect(queueTimeline({ ...base, paused: false, startAt: 9_000 })[0]?.expectedStartAt).toBe(9_000);
  });
});
