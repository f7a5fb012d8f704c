// The threshold and the budgets on an injected clock, in zones other than UTC: what counts as spent (what the
// gateway charged, [TASK-8] cost and [TASK-9] credits_cost; estimates for tasks not charged yet; nothing for a
// failed task, [STATE-7]), when a window turns over, and that the engine asks before a row is written.
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { openDatabase } from '../../../electron/core/db/database';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { pricingMigrations } from '../../../electron/core/pricing/pricing-migrations';
import { taskMigrations } from '../../../electron/core/tasks/task-migrations';
import type { GatewayPort } from '../../../electron/core/gateway/gateway-port';
import { PriceBook } from '../../../electron/core/pricing';
import { openSpeechCharge, settleSpeechCharge, SpendingGuard } from '../../../electron/core/spending';
import { TaskEngine } from '../../../electron/core/tasks';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import type { TaskState } from '../../../shared/studio/records';
import type { SpendingLimits } from '../../../shared/studio/spending';
import { newTask } from '../../support/new-task';
import { useStudioDb } from '../../support/studio-db';

const utc = (iso: string): number => Date.parse(iso);
const MODEL = 'video_model_id_k';
const SHOT = { prompt: 'a shot', mode: 'std', aspect_ratio: '16:9', duration: 5 };

const studio = useStudioDb('spending-');
let clock: ManualClock;
let book: PriceBook;
let guard: SpendingGuard;
let store: TaskStore;
let seq = 0;

beforeEach(() => {
  // 23:30 on Saturday 21 November in Auckland (UTC+13).
  clock = new ManualClock(utc('2026-11-21T10:30:00Z'));
  book = new PriceBook({ db: studio.db, gateway: 'http://gateway.test', clock });
  // Five earlier runs at 0.35 USD (3.5 credits) each: the book estimates 0.35 for the same shot.
  for (let i = 0; i < 5; i++) {
    book.observe({
      family: 'video.k',
      model: MODEL,
      params: SHOT,
      cost: 0.35,
      creditsCost: 3.5,
      actualTime: 60,
      taskId: `seen-${i}`,
      at: utc('2026-10-01T00:00:00Z'),
    });
  }
  guard = new SpendingGuard({ db: studio.db, clock, prices: () => book, systemZone: () => 'UTC' });
  store = new TaskStore(studio.db);
});

/** The row of one 5 s K shot (the model whose price the tests set), sent at `at`. */
const shotRow = (id: string, at: string) =>
  newTask({ id, family: 'video.k', model: MODEL, params: SHOT, createdAt: utc(at) });

function task(
  at: string,
  state: TaskState,
  cost: number | null = null,
  creditsCost: number | null = null,
  on: SpendingGuard = guard,
): void {
  const id = `task-${++seq}`;
  store.insert(shotRow(id, at), 'submitting');
  // As the engine does: the row is marked with the gateway it goes to.
  on.stamp(id);
  store.update(id, { state, cost, creditsCost, updatedAt: utc(at) });
}

const limits = (patch: Partial<SpendingLimits>): SpendingLimits =>
  guard.setLimits({
    unit: 'usd',
    confirmAbove: null,
    daily: null,
    monthly: null,
    timeZone: 'Pacific/Auckland',
    ...patch,
  });

const shot = { family: 'video.k' as const, model: MODEL, params: SHOT };

describe('what was spent, in the user zone', () => {
  it('counts charged costs, estimates for tasks not charged yet, and nothing for failed ones', () => {
    limits({ daily: 2, monthly: 10 });
    task('2026-11-20T10:00:00Z', 'completed', 3); // 23:00 on Friday in Auckland: this month, not today
    task('2026-11-21T01:00:00Z', 'completed', 1); // 14:00 today
    task('2026-11-21T09:00:00Z', 'processing'); // not charged yet: estimated 0.35
    task('2026-11-21T09:30:00Z', 'failed'); // [STATE-7] failures are not charged
    task('2026-10-31T10:59:00Z', 'completed', 50); // 23:59 on 31 October in Auckland: last month
    const { day, month, timeZone } = guard.summary();
    expect(timeZone).toBe('Pacific/Auckland');
    expect(day).toMatchObject({ charged: 1, limit: 2, start: utc('2026-11-20T11:00:00Z') });
    expect(day.estimated).toBeCloseTo(0.35, 6);
    expect(day.resetsAt).toBe(utc('2026-11-21T11:00:00Z'));
    expect(month.charged).toBe(4);
    expect(month.spent).toBeCloseTo(4.35, 6);
    expect(month.resetsAt).toBe(utc('2026-11-30T11:00:00Z'));
  });

  it('counts credits when the limits are in credits', () => {
    limits({ unit: 'credits', daily: 100 });
    task('2026-11-21T01:00:00Z', 'completed', 1, 10);
    task('2026-11-21T02:00:00Z', 'completed', 0.5); // no credits_cost: the book's rate (10 per USD)
    task('2026-11-21T03:00:00Z', 'pending'); // estimated 3.5 credits
    const { day } = guard.summary();
    expect(day.charged).toBeCloseTo(15, 6);
    expect(day.estimated).toBeCloseTo(3.5, 6);
  });
});

describe('per gateway, speech included', () => {
  it('counts only the gateway in use: the demo and a live gateway never add up', () => {
    limits({ daily: 2, monthly: 10 });
    const demoBook = new PriceBook({ db: studio.db, gateway: 'demo', clock });
    const demo = new SpendingGuard({ db: studio.db, clock, prices: () => demoBook, systemZone: () => 'UTC' });
    task('2026-11-21T01:00:00Z', 'completed', 1); // live, today
    task('2026-11-21T02:00:00Z', 'completed', 5, null, demo); // the demo's play money, today
    task('2026-11-21T03:00:00Z', 'processing', null, null, demo); // the demo's, estimated nowhere here
    expect(guard.summary().day).toMatchObject({ charged: 1, estimated: 0 });
    expect(demo.summary().day.charged).toBe(5);
    // The live budget is not spent by the demo's 5 USD; the demo's is.
    expect(() => guard.admit(shot, { confirmed: true })).not.toThrow();
    expect(() => demo.admit(shot, { confirmed: true })).toThrow(/Not sent: your daily budget is 2\.00 USD/);
    // The same base URL typed differently is the same gateway.
    const sameBook = new PriceBook({ db: studio.db, gateway: 'HTTP://gateway.test/', clock });
    const same = new SpendingGuard({ db: studio.db, clock, prices: () => sameBook, systemZone: () => 'UTC' });
    expect(same.summary().day.charged).toBe(1);
  });

  it('gives rows from before the gateway was kept the gateway the price book learnt their cost from', () => {
    // A database from before the spending limits: tasks and the price book only.
    let older = openDatabase(join(studio.dir, 'older.db'), [...taskMigrations, ...pricingMigrations]);
    try {
      const oldStore = new TaskStore(older);
      const liveBook = new PriceBook({ db: older, gateway: 'http://gateway.test', clock });
      const demoBook = new PriceBook({ db: older, gateway: 'demo', clock });
      for (const [id, book, cost] of [
        ['old-live', liveBook, 1],
        ['old-demo', demoBook, 5],
        ['old-unknown', null, 7],
      ] as const) {
        oldStore.insert(shotRow(id, '2026-11-21T01:00:00Z'), 'submitting');
        oldStore.update(id, { state: 'completed', cost, updatedAt: utc('2026-11-21T01:00:00Z') });
        book?.observe({
          family: 'video.k',
          model: MODEL,
          params: SHOT,
          cost,
          creditsCost: null,
          actualTime: 60,
          taskId: id,
        });
      }
      // Opened by this build, the database gains the column, filled where the book knows.
      older.close();
      older = openStudioDatabase(join(studio.dir, 'older.db'));
      const liveNow = new PriceBook({ db: older, gateway: 'http://gateway.test', clock });
      const demoNow = new PriceBook({ db: older, gateway: 'demo', clock });
      const live = new SpendingGuard({ db: older, clock, prices: () => liveNow, systemZone: () => 'UTC' });
      const demo = new SpendingGuard({ db: older, clock, prices: () => demoNow, systemZone: () => 'UTC' });
      expect(live.summary().day.charged).toBe(1);
      expect(demo.summary().day.charged).toBe(5);
    } finally {
      older.close();
    }
  });

  it('counts no task when no gateway is set up', () => {
    task('2026-11-21T01:00:00Z', 'completed', 1);
    const none = new SpendingGuard({ db: studio.db, clock, prices: () => null, systemZone: () => 'UTC' });
    expect(none.summary().day).toMatchObject({ charged: 0, estimated: 0 });
  });

  it('counts a speech take once the usage report said what it cost, on its own gateway, even after the clip is deleted', () => {
    limits({ daily: 2 });
    openSpeechCharge(studio.db, {
      id: 'clip-1',
      gatewayKey: 'http://gateway.test',
      at: utc('2026-11-21T04:00:00Z'),
      model: 'speech_model_id',
      params: {},
    });
    openSpeechCharge(studio.db, {
      id: 'clip-2',
      gatewayKey: 'demo',
      at: utc('2026-11-21T04:00:00Z'),
      model: 'speech_model_id',
      params: {},
    });
    // Not known yet: nothing is counted (speech has no estimate).
    expect(guard.summary().day.charged).toBe(0);
    settleSpeechCharge(studio.db, 'clip-1', 0.0015, 0.015);
    settleSpeechCharge(studio.db, 'clip-2', 9, 90);
    expect(guard.summary().day.charged).toBeCloseTo(0.0015, 9);
    limits({ unit: 'credits', daily: 100 });
    expect(guard.summary().day.charged).toBeCloseTo(0.015, 9);
    // A take of yesterday (Auckland) is this month's, not today's.
    openSpeechCharge(studio.db, {
      id: 'clip-3',
      gatewayKey: 'http://gateway.test',
      at: utc('2026-11-20T10:00:00Z'),
      model: 'speech_model_id',
      params: {},
    });
    settleSpeechCharge(studio.db, 'clip-3', 0.002, 0.02);
    const { day, month } = guard.summary();
    expect(day.charged).toBeCloseTo(0.015, 9);
    expect(month.charged).toBeCloseTo(0.035, 9);
  });
});

describe('the confirmation threshold', () => {
  it('asks above the threshold and not below it', () => {
    limits({ confirmAbove: 0.3 });
    expect(guard.check([shot])).toMatchObject({ needsConfirmation: true, confirmAbove: 0.3, refusal: null });
    expect(guard.check([shot]).estimate).toBeCloseTo(0.35, 6);
    limits({ confirmAbove: 0.4 });
    expect(guard.check([shot]).needsConfirmation).toBe(false);
    // A batch is one press: its total is what is compared.
    expect(guard.check([shot, shot]).needsConfirmation).toBe(true);
  });

  it('asks about a model with no estimate yet, naming it (an unknown price is never zero)', () => {
    limits({ confirmAbove: 100 });
    const check = guard.check([{ family: 'video.k', model: 'new-model', params: SHOT }]);
    expect(check).toMatchObject({
      estimate: null,
      unknown: 1,
      unpricedModels: ['new-model'],
      needsConfirmation: true,
    });
  });

  it('refuses an unconfirmed submission above it, with the estimate and the threshold', () => {
    limits({ confirmAbove: 0.3 });
    expect(() => guard.admit(shot)).toThrow(
      expect.objectContaining({
        type: 'confirmation_required',
        message: expect.stringContaining('about 0.3500 USD, above your confirmation threshold of 0.3000 USD'),
      }),
    );
    expect(() => guard.admit(shot, { confirmed: true })).not.toThrow();
    // With the facts it was worded from, so what keeps it (the paused queue) words it in the person's language.
    expect(() => guard.admit(shot)).toThrow(
      expect.objectContaining({ stop: { kind: 'confirm', check: guard.check([shot]) } }),
    );
  });
});

describe('the budgets', () => {
  it('refuses what would pass the daily budget, says what was spent and when it resets, and allows again after local midnight', async () => {
    limits({ daily: 2 });
    task('2026-11-21T01:00:00Z', 'completed', 1.35);
    task('2026-11-21T09:00:00Z', 'processing'); // 0.35 estimated: 1.70 spent
    expect(guard.check([shot]).refusal).toMatchObject({ window: { period: 'day', limit: 2 } });
    expect(guard.check([shot]).refusal?.needed).toBeCloseTo(0.35, 6);
    let thrown: unknown;
    try {
      guard.admit(shot, { confirmed: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      type: 'budget_exceeded',
      message:
        'Not sent: your daily budget is 2.00 USD and 1.70 USD has been spent today (0.3500 USD of it estimated ' +
        'for tasks not charged yet); this would add about 0.3500 USD. The budget resets at 00:00 on Sun 22 Nov ' +
        '(Pacific/Auckland).',
      stop: { kind: 'budget', check: guard.check([shot]) },
    });
    // The CLI's --over-budget sends anyway.
    expect(() => guard.admit(shot, { overBudget: true })).not.toThrow();
    // 00:00 on Sunday in Auckland, 11:00 UTC on Saturday: a new day, nothing spent in it.
    await clock.advanceTo(utc('2026-11-21T11:00:00Z'));
    expect(guard.check([shot]).refusal).toBeNull();
    expect(guard.summary().day.spent).toBe(0);
  });

  it('refuses a model with no estimate only once the budget is spent', () => {
    limits({ daily: 1 });
    const unknown = { family: 'video.k' as const, model: 'new-model', params: SHOT };
    task('2026-11-21T01:00:00Z', 'completed', 0.9);
    expect(guard.check([unknown]).refusal).toBeNull();
    task('2026-11-21T02:00:00Z', 'completed', 0.1);
    expect(guard.check([unknown]).refusal?.needed).toBeNull();
  });

  it('holds a monthly budget in Los Angeles until local midnight at the month end, not UTC midnight', async () => {
    limits({ monthly: 5, timeZone: 'America/Los_Angeles' });
    // 23:30 on 30 November in Los Angeles is 07:30 on 1 December in UTC.
    await clock.advanceTo(utc('2026-12-01T07:30:00Z'));
    task('2026-11-15T20:00:00Z', 'completed', 4.9);
    const refusal = guard.check([shot]).refusal;
    expect(refusal?.window).toMatchObject({ period: 'month', resetsAt: utc('2026-12-01T08:00:00Z') });
    expect(() => guard.admit(shot)).toThrow(/resets at 00:00 on Tue 1 Dec \(America\/Los_Angeles\)/);
    await clock.advanceTo(utc('2026-12-01T08:00:00Z'));
    expect(guard.check([shot]).refusal).toBeNull();
  });

  it('when both budgets refuse, names the one that resets last', () => {
    limits({ daily: 1, monthly: 1 });
    task('2026-11-21T01:00:00Z', 'completed', 1);
    expect(guard.check([shot]).refusal?.window.period).toBe('month');
  });

  it('follows the system zone when the limits name none', () => {
    limits({ daily: 1, timeZone: null });
    // 10:00 UTC on the 21st: today in UTC, though it was yesterday in Auckland.
    task('2026-11-21T10:00:00Z', 'completed', 1);
    expect(guard.summary()).toMatchObject({ timeZone: 'UTC', day: { start: utc('2026-11-21T00:00:00Z') } });
    expect(guard.check([shot]).refusal).not.toBeNull();
  });
});

describe('the limits themselves', () => {
  it('are kept in the database and refuse a zone the system does not know', () => {
    limits({ daily: 3, confirmAbove: 0.5 });
    const again = new SpendingGuard({ db: studio.db, clock, prices: () => book });
    expect(again.limits()).toMatchObject({ daily: 3, confirmAbove: 0.5, timeZone: 'Pacific/Auckland' });
    expect(() => limits({ timeZone: 'Mars/Olympus_Mons' })).toThrow(/time zone/);
    expect(() => limits({ daily: -1 })).toThrow();
  });
});

describe('the engine asks the guard before a row is written', () => {
  it('a refused submission leaves no task and sends nothing; a confirmed one goes', async () => {
    const sent: string[] = [];
    const gateway: GatewayPort = {
      submit: (family) => {
        sent.push(family);
        return Promise.resolve({
          taskId: `remote-${sent.length}`,
          status: 'submitted',
          endpoint: 'tasks',
          requestId: null,
        });
      },
      getTask: () => new Promise(() => undefined),
      speech: () => Promise.reject(new Error('not used')),
    };
    const engine = new TaskEngine({ db: studio.db, gateway, clock, history: book, guard });
    limits({ confirmAbove: 0.3, daily: 0.5 });
    const before = engine.list().length;
    await expect(engine.submit(shot)).rejects.toMatchObject({ type: 'confirmation_required' });
    expect(engine.list()).toHaveLength(before);
    const task = await engine.submit(shot, { confirmed: true });
    expect(task).toMatchObject({ remoteId: 'remote-1', error: null });
    // 0.35 is now on its way: a second one would pass the 0.50 budget.
    await expect(engine.submit(shot, { confirmed: true })).rejects.toMatchObject({ type: 'budget_exceeded' });
    expect(sent).toEqual(['video.k']);
    await engine.close();
  });
});
