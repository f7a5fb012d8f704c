// The estimate shown before sending against what the simulator then charges, family by family:
// after one run here, a request that differs in n or duration (the settings a price is proportional to) is
// estimated at what the gateway charges for it, not at the price of the run it learned from (I2 once estimated
// n=1 at the 0.12 USD of an n=3 run, K 5 s at the price of 10 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { GatewayClient } from '../../../electron/core/gateway';
import { PriceBook } from '../../../electron/core/pricing';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/index';
import { FAMILIES, type FamilyId } from '../../../shared/catalog';
import { StepClock } from '../../support/step-clock';

let sim: RunningSimulator;
let simClock: ManualClock;
let client: GatewayClient;
let dir: string;
let db: DatabaseSync;

beforeAll(async () => {
  simClock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
  sim = await startSimulator({ clock: simClock, seed: 5 });
  client = new GatewayClient({
    baseUrl: sim.url,
    apiKey: sim.keys.default,
    clock: new StepClock(simClock.now()),
    random: () => 0.5,
    timeoutMs: 60_000,
  });
  dir = mkdtempSync(join(tmpdir(), 'estimate-vs-charge-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await sim.close();
});

let runs = 0;
/** Sends the request and moves the simulator's time until it is charged; answers what it cost. */
async function charge(family: FamilyId, model: string, params: Record<string, unknown>): Promise<number> {
  const ack = await client.submit(family, { model, prompt: `take ${++runs}`, ...params });
  const endpoint = FAMILIES[family].taskEndpoint ?? 'tasks';
  for (let i = 0; i < 400; i++) {
    const task = await client.getTask(ack.taskId, endpoint);
    if (task.status === 'completed' && task.cost !== null) return task.cost;
    if (task.status === 'failed') throw new Error(`${family} failed: ${task.error?.message ?? ''}`);
    await simClock.advance(10_000);
  }
  throw new Error(`${family} never finished`);
}

const PICTURE = 'https://pictures.example/still.png';

/** Each family with n or duration: the run learned from, then the request estimated and charged. */
const CASES: [FamilyId, string, Record<string, unknown>, Record<string, unknown>][] = [
  ['image.i2', 'image_model_id_i2', { n: 3 }, { n: 1 }],
  ['image.i5', 'image_model_id_i5', { n: 2, resolution: '2K' }, { n: 4, resolution: '2K' }],
  ['image.i6', 'image_model_id_i6', { n: 3 }, { n: 1 }],
  [
    'video.v1',
    'video_model_id_v1_pro',
    { duration: 10, resolution: '720p' },
    { duration: 4, resolution: '720p' },
  ],
  [
    'video.v2',
    'video_model_id_v2',
    { image_urls: [PICTURE], duration: 8 },
    { image_urls: [PICTURE], duration: 3 },
  ],
  ['video.h', 'video_model_id_h', { duration: 10 }, { duration: 5 }],
  ['video.w', 'video_model_id_w', { duration: 5, resolution: '720p' }, { duration: 10, resolution: '720p' }],
  ['video.k', 'video_model_id_k', { duration: 10, mode: 'pro' }, { duration: 5, mode: 'pro' }],
  ['video.s', 'video_model_id_s', { duration: 12 }, { duration: 4 }],
];

describe('estimate against the charge', () => {
  it.each(CASES)(
    '%s: one run teaches the price of another n or duration',
    async (family, model, learn, ask) => {
      const book = new PriceBook({ db, gateway: `${sim.url}/${family}` });
      const first = await charge(family, model, learn);
      book.observe({
        family,
        model,
        params: learn,
        cost: first,
        creditsCost: null,
        actualTime: null,
        taskId: `${runs}`,
      });
      const estimate = book.estimate({ family, model, params: { prompt: 'a new take', ...ask } });
      const charged = await charge(family, model, ask);
      expect(charged).not.toBeCloseTo(first, 6);
      expect(estimate.usd).toBeCloseTo(charged, 6);
      expect(estimate.basis).toBe('runs');
    },
  );
});
