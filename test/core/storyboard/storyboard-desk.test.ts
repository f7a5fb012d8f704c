// The Storyboard page's core: boards kept and read back (a row that no longer reads is left out), the one price
// split into the board's shots, narration and music with the total null while any part is unknown, a shot run
// alone (no music, no frame from the shot before), each board's runs newest first, and a cancel: the part
// waiting in the queue is taken out, nothing after the part under way is sent, and every change is told.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db';
import type { RecipeEngine } from '../../../electron/core/recipes/recipe-runner';
import {
  CastStore,
  shotAlone,
  StoryboardDesk,
  StoryboardRunner,
  StoryboardStore,
} from '../../../electron/core/storyboard';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import type { QueuedItem } from '../../../electron/core/tasks/queue-store';
import { NO_ESTIMATE } from '../../../shared/studio/estimates';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import type { FinishedTake } from '../../../shared/studio/saved-storyboard';
import type { SpendCheck } from '../../../shared/studio/spending';
import { storyboardSchema, type StoryboardRun } from '../../../shared/studio/storyboard';

const dbs: DatabaseSync[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const board = storyboardSchema.parse({
  name: 'Dawn',
  shots: [
    {
      family: 'video.v1',
      model: 'video_model_id_v1_pro',
      prompt: '@Mia walks',
      duration: 5,
      narration: 'Hi.',
    },
    {
      family: 'video.v1',
      model: 'video_model_id_v1_pro',
      prompt: 'valley',
      duration: 5,
      continuePrevious: true,
    },
  ],
  narration: { model: 'speech_model_id', voice: 'alloy' },
  music: { family: 'music.adjustSpeed', model: 'music_model_id', params: { task_id: 't', audio_index: 1 } },
});

/** An engine that sends through a queue the test holds: each part waits there until the test lets it go. */
function heldEngine() {
  const waiting: { id: string; leave: (item: Partial<QueuedItem>) => void }[] = [];
  const cancelled: string[] = [];
  const told: (() => void)[] = [];
  const sent: Record<string, unknown>[] = [];
  /** Resolves once this many parts have reached the queue. */
  const queued = (n: number) =>
    new Promise<void>((resolve) => {
      const look = () => (waiting.length >= n ? resolve() : told.push(look));
      look();
    });
  const engine: RecipeEngine = {
    submit: async () => {
      throw new Error('the queue sends');
    },
    waitFor: async (taskId) =>
      ({
        id: taskId,
        state: 'completed',
        error: null,
        downloads: { total: 1, done: 1, deleted: 0 },
      }) as unknown as TaskRecord,
    queue: {
      sends: true,
      add: async (requests) => (
        sent.push(...requests.map((r) => r.params)),
        requests.map(() => `q${waiting.length + cancelled.length + 1}`)
      ),
      left: (id) =>
        new Promise<QueuedItem>((resolve) => {
          waiting.push({ id, leave: (item) => resolve({ id, ...item } as QueuedItem) });
          for (const look of told.splice(0)) look();
        }),
      cancel: (ids) => cancelled.push(...ids),
    },
  };
  return { engine, waiting, cancelled, queued, sent };
}

function desk(estimates: (number | null)[] = [], lastFrames: FinishedTake[] = []) {
  const db = openStudioDatabase(':memory:');
  dbs.push(db);
  const clock = new ManualClock(1_000);
  const held = heldEngine();
  const video = (taskId: string): LibraryItem[] =>
    [{ id: `item-${taskId}`, kind: 'video', path: `/nowhere/${taskId}.mp4` }] as unknown as LibraryItem[];
  const runner = new StoryboardRunner({
    engine: async () => held.engine,
    itemsOf: async (taskId) => video(taskId),
    referenceOf: async () => 'studio-ref:frame',
    speak: async () => ({ id: 'spoken', path: '/nowhere/take.flac' }) as unknown as LibraryItem,
    allocate: async (name) => `/nowhere/${name}`,
    fileCut: async () => {
      throw new Error('no cut in this test');
    },
    scratchDir: async () => '/nowhere',
    clock,
  });
  const cast = new CastStore({ db, clock });
  cast.save({ name: 'Mia', kind: 'character', references: ['https://example.com/mia.png'] });
  const checks: number[] = [];
  const saved = new StoryboardStore({ db, clock });
  const service = new StoryboardDesk({
    cast,
    saved,
    runner,
    estimate: (requests) => ({
      items: requests.map((_, i) => ({ ...NO_ESTIMATE, usd: estimates[i] ?? null, credits: null })),
      totalUsd: null,
      totalCredits: null,
      unknown: 0,
    }),
    lastFrame: async (take) => (lastFrames.push(take), `studio-ref:${'f'.repeat(64)}`),
    check: (requests) => (
      checks.push(requests.length),
      { requests: requests.length } as unknown as SpendCheck
    ),
  });
  return { db, runner, saved, service, held, checks };
}

describe('StoryboardDesk', () => {
  it('keeps boards and reads them back; a row that no longer reads is left out', () => {
    const { db, service } = desk();
    const kept = service.save(board);
    expect(service.get(kept.id).board.shots).toHaveLength(2);
    const renamed = service.save({ ...board, name: 'Dusk' }, kept.id);
    expect(renamed.id).toBe(kept.id);
    db.prepare("INSERT INTO storyboards (id, name, body, updated_at) VALUES ('x', 'x', '{nope', 1)").run();
    expect(service.list().map((b) => b.board.name)).toEqual(['Dusk']);
    service.remove(kept.id);
    expect(service.list()).toEqual([]);
    expect(() => service.get(kept.id)).toThrow(/No storyboard/);
  });

  it('prices every part of the board by its shot, and the total only once every part is known', async () => {
    const unknown = await desk([1, 2, 0.1]).service.price(board);
    expect(unknown.parts.map((p) => [p.kind, p.shot])).toEqual([
      ['shot', 0],
      ['shot', 1],
      ['narration', 0],
      ['music', null],
    ]);
    expect(unknown.totalUsd).toBeNull();
    expect(unknown.unknown).toBe(1);
    expect(unknown.notes.join(' ')).toContain('the pictures of Mia are not sent');
    const known = await desk([1, 2, 0.1, 0.4]).service.price(board);
    expect(known.totalUsd).toBeCloseTo(3.5);
    expect(known.totalCredits).toBeNull();
  });

  it('a shot alone keeps its narration, drops the music and the frame of the shot before', async () => {
    const one = shotAlone(board, 1);
    expect(one.shots).toEqual([{ ...board.shots[1], continuePrevious: false }]);
    expect(one.music).toBeUndefined();
    expect(() => shotAlone(board, 5)).toThrow(/no shot 6/);
    const { service, checks } = desk();
    const kept = service.save(board);
    await service.check(kept.board, 1);
    await service.check(kept.board);
    // One shot (no narration on shot 2); the whole board: two shots, one narration take, the music.
    expect(checks).toEqual([1, 4]);
  });

  it('cancel takes the part waiting in the queue out, sends nothing after it and tells every change', async () => {
    const { service, runner, held } = desk();
    const kept = service.save({
      ...board,
      music: undefined,
      shots: board.shots.map((s) => ({ ...s, narration: '' })),
    });
    const seen: StoryboardRun['state'][] = [];
    runner.subscribe((run) => seen.push(run.state));
    const run = await service.run(kept.id, null);
    await held.queued(1);
    expect(service.runs(kept.id).map((r) => [r.shot, r.run.id])).toEqual([[null, run.id]]);
    runner.cancel(run.id);
    expect(held.cancelled).toEqual(['q1']);
    held.waiting[0]?.leave({ state: 'cancelled', taskId: null, error: null });
    const stopped = await runner.settled(run.id);
    expect(stopped?.state).toBe('failed');
    expect(stopped?.shots.map((s) => s.state)).toEqual(['failed', 'waiting']);
    expect(held.waiting).toHaveLength(1);
    expect(seen.at(-1)).toBe('failed');
    expect(() => runner.cancel(run.id)).toThrow(/running can be cancelled/);
  });

  it('a cancel while a shot is at the gateway lets it finish and sends nothing after it', async () => {
    const { service, runner, held } = desk();
    const kept = service.save({
      ...board,
      music: undefined,
      shots: board.shots.map((s) => ({ ...s, narration: '' })),
    });
    const run = await service.run(kept.id, 0);
    const whole = await service.run(kept.id, null);
    await held.queued(2);
    // The whole board's first shot leaves the queue for the gateway; the cancel comes while it runs there.
    const mine = held.waiting[1];
    runner.cancel(whole.id);
    mine?.leave({ state: 'sent', taskId: 'task-1', error: null });
    const stopped = await runner.settled(whole.id);
    expect(stopped?.shots.map((s) => s.state)).toEqual(['completed', 'waiting']);
    expect(stopped?.error?.code).toBe('storyboard_cancelled');
    expect(service.runs(kept.id).map((r) => r.shot)).toEqual([null, 0]);
    expect(runner.get(run.id)?.name).toBe('Dawn · 1');
  });

  it('a shot run alone continues from the newest finished take of the shot before, else starts fresh', async () => {
    const lastFrames: FinishedTake[] = [];
    const { service, runner, held } = desk([], lastFrames);
    const kept = service.save({
      ...board,
      music: undefined,
      shots: board.shots.map((s) => ({ ...s, narration: '' })),
    });
    // (No cut is made in this test: each run stops after its shot, which is what the next one looks for.)
    // No take of shot 1 yet: shot 2 alone starts from its prompt, no frame is asked for.
    const fresh = await service.run(kept.id, 1);
    await held.queued(1);
    held.waiting[0]?.leave({ state: 'sent', taskId: 'task-fresh', error: null });
    expect((await runner.settled(fresh.id))?.shots[0]?.state).toBe('completed');
    expect(lastFrames).toEqual([]);
    expect(held.sent[0]).not.toHaveProperty('first_frame_image');
    // Shot 1 alone finishes; shot 2 alone now takes its take's last frame as its first frame.
    const first = await service.run(kept.id, 0);
    await held.queued(2);
    held.waiting[1]?.leave({ state: 'sent', taskId: 'task-1', error: null });
    expect((await runner.settled(first.id))?.shots[0]?.state).toBe('completed');
    const after = await service.run(kept.id, 1);
    await held.queued(3);
    expect(lastFrames).toEqual([{ runId: first.id, taskId: 'task-1', itemId: 'item-task-1' }]);
    expect(held.sent[2]).toMatchObject({ first_frame_image: `studio-ref:${'f'.repeat(64)}` });
    held.waiting[2]?.leave({ state: 'sent', taskId: 'task-2', error: null });
    expect((await runner.settled(after.id))?.shots[0]?.state).toBe('completed');
  });
});
