// Budgets hold across processes sharing one database (the app, web mode, any number of CLIs): the check and the
// writing of the task row are one BEGIN IMMEDIATE transaction, so a writer that checked cannot be overtaken by
// another between its check and its row. The other process here is a worker thread on its own connection that
// writes a task taking the last room of the budget and holds its transaction open while the engine submits.
import { coreStores } from '../../support/core-stores';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../../electron/core/pricing';
import { SpendingGuard } from '../../../electron/core/spending';
import { join } from 'node:path';
import { composeCore } from '../../../electron/core/compose-core';
import { lineLogger } from '../../../electron/core/log';
import { useEngineRig } from '../tasks/engine-rig';

const bench = useEngineRig(() => ({ downloads: null }));

const MODEL = 'image_model_id_i3';
const PARAMS = { prompt: 'a kite', size: '16:9', resolution: '1K' };

/** The neighbour: one INSERT of a stamped task inside BEGIN IMMEDIATE, committed a moment after 'go'. */
const NEIGHBOUR = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.dbPath, { timeout: 5000 });
db.exec('BEGIN IMMEDIATE');
db.prepare(\`INSERT INTO tasks (id, family, model, kind, endpoint, params, webhook, idempotency_key, state,
  progress, created_at, updated_at, parent_task_id, gateway) VALUES ('neighbour', 'image.i3', ?, 'image', 'tasks',
  ?, NULL, 'neighbour-key-0123456789', 'submitting', 0, ?, ?, NULL, ?)\`)
  .run(workerData.model, workerData.params, workerData.now, workerData.now, workerData.gateway);
parentPort.postMessage('holding');
parentPort.once('message', () => {
  // The engine is inside its own submission by now: let it meet the lock before the row is committed.
  setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage('committed'); }, 300);
});
`;

describe('a budget shared by processes', () => {
  it('a neighbour that took the last room while this engine was submitting wins: nothing over the budget', async () => {
    const { rig } = bench;
    const db = rig.openDb();
    const book = new PriceBook({ db, gateway: rig.sim.url, clock: rig.clock });
    for (let i = 0; i < 3; i++) {
      book.observe({
        family: 'image.i3',
        model: MODEL,
        params: PARAMS,
        cost: 0.3,
        creditsCost: null,
        actualTime: 10,
        taskId: `seen-${i}`,
      });
    }
    const guard = new SpendingGuard({ db, clock: rig.clock, prices: () => book, systemZone: () => 'UTC' });
    // Room for one task of 0.30 today.
    guard.setLimits({ unit: 'usd', confirmAbove: null, daily: 0.5, monthly: null, timeZone: 'UTC' });
    const gw = rig.gateway();
    const engine = bench.engine(gw, { db, guard });
    await engine.start();

    const neighbour = new Worker(NEIGHBOUR, {
      eval: true,
      workerData: {
        dbPath: rig.dbPath,
        model: MODEL,
        params: JSON.stringify(PARAMS),
        now: rig.clock.now(),
        gateway: book.gatewayKey,
      },
    });
    const message = (): Promise<unknown> => new Promise((resolve) => neighbour.once('message', resolve));
    try {
      await message(); // holding its transaction
      const committed = message();
      neighbour.postMessage('go');
      await expect(engine.submit({ family: 'image.i3', model: MODEL, params: PARAMS })).rejects.toThrow(
        /Not sent: your daily budget is 0\.5000 USD and 0\.3000 USD has been spent today/,
      );
      await committed;
    } finally {
      await neighbour.terminate();
    }
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(0);
    expect(engine.list().map((t) => t.id)).toEqual(['neighbour']);
    expect(guard.summary().day.spent).toBeCloseTo(0.3, 6);
  });

  // Speech's budget was asked by the app's bridge handler, outside any transaction and with
  // nothing written before the take, so a neighbour's task taking the last room was not waited for.
  it('a speech take waits for a neighbour holding the last room, and is refused', async () => {
    const { rig } = bench;
    const db = rig.openDb();
    const book = new PriceBook({ db, gateway: rig.sim.url, clock: rig.clock });
    for (let i = 0; i < 3; i++) {
      book.observe({
        family: 'image.i3',
        model: MODEL,
        params: PARAMS,
        cost: 0.3,
        creditsCost: null,
        actualTime: 10,
        taskId: `seen-${i}`,
      });
    }
    const guard = new SpendingGuard({ db, clock: rig.clock, prices: () => book, systemZone: () => 'UTC' });
    guard.setLimits({ unit: 'usd', confirmAbove: null, daily: 0.3, monthly: null, timeZone: 'UTC' });
    const gw = rig.gateway();
    const { speech, engine } = composeCore({
      db,
      ...coreStores(db, rig.clock),
      gateway: gw,
      clock: rig.clock,
      libraryDir: join(rig.dir, 'library'),
      logger: lineLogger(() => undefined),
      gatewayKey: () => rig.sim.url,
      history: null,
      guard,
    });
    const neighbour = new Worker(NEIGHBOUR, {
      eval: true,
      workerData: {
        dbPath: rig.dbPath,
        model: MODEL,
        params: JSON.stringify(PARAMS),
        now: rig.clock.now(),
        gateway: book.gatewayKey,
      },
    });
    const message = (): Promise<unknown> => new Promise((resolve) => neighbour.once('message', resolve));
    try {
      await message(); // holding its transaction
      const committed = message();
      neighbour.postMessage('go');
      await expect(
        speech.synthesize({ model: 'speech_model_id', input: 'Welcome aboard' }, { confirmed: true }),
      ).rejects.toThrow(/Not sent: your daily budget is 0\.3000 USD and 0\.3000 USD has been spent today/);
      await committed;
    } finally {
      await neighbour.terminate();
      speech.close();
      await engine.close();
    }
    expect(gw.log).toHaveLength(0);
  });
});
