// The pricing tests' peer: a simulator on a manual clock, a gateway client to it and a studio database for the
// price books under test, with `charge`, which sends one request and moves the simulator's time until the task
// is charged. Shared by estimate-vs-charge.test.ts and starting-prices.test.ts, which compare what a book
// estimates with what the gateway then charges.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { GatewayClient } from '../../../electron/core/gateway';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/index';
import { FAMILIES, type FamilyId } from '../../../shared/catalog';
import { StepClock } from '../../support/step-clock';

export interface ChargingSimulator {
  /** The simulator's address (a price book's gateway key is built from it). */
  readonly url: string;
  readonly db: DatabaseSync;
  /** How many requests `charge` has sent: a fresh number for each (a task id, a gateway key). */
  readonly runs: number;
  /** Sends the request and moves the simulator's time until it is charged; answers what it cost. */
  charge(family: FamilyId, model: string, params: Record<string, unknown>): Promise<number>;
}

/** Starts the peer before the file's tests and stops it after them; read its fields inside tests. */
export function useChargingSimulator(seed: number, name: string): ChargingSimulator {
  let sim: RunningSimulator;
  let simClock: ManualClock;
  let client: GatewayClient;
  let dir: string;
  let db: DatabaseSync;
  let runs = 0;

  beforeAll(async () => {
    simClock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
    sim = await startSimulator({ clock: simClock, seed });
    client = new GatewayClient({
      baseUrl: sim.url,
      apiKey: sim.keys.default,
      clock: new StepClock(simClock.now()),
      random: () => 0.5,
      timeoutMs: 60_000,
    });
    dir = mkdtempSync(join(tmpdir(), `${name}-`));
    db = openStudioDatabase(join(dir, 'studio.db'));
  });
  afterAll(async () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    await sim.close();
  });

  return {
    get url() {
      return sim.url;
    },
    get db() {
      return db;
    },
    get runs() {
      return runs;
    },
    async charge(family, model, params) {
      const ack = await client.submit(family, { model, prompt: `take ${++runs}`, ...params });
      const endpoint = FAMILIES[family].taskEndpoint ?? 'tasks';
      for (let i = 0; i < 400; i++) {
        const task = await client.getTask(ack.taskId, endpoint);
        if (task.status === 'completed' && task.cost !== null) return task.cost;
        if (task.status === 'failed') throw new Error(`${model} failed: ${task.error?.message ?? ''}`);
        await simClock.advance(10_000);
      }
      throw new Error(`${model} never finished`);
    },
  };
}
