// Estimate accuracy on a simulated month of mixed tasks. Each task's settings are drawn at random, as a
// creator trying things would pick them; the simulator charges it by its own price table (which the price book
// never reads); before each task is sent, the price book and a naive per-model average both predict its
// cost, and after it completes both learn the charged cost ([TASK-8]). Reported: mean absolute error relative
// to the actual cost, over the tasks whose model already had at least 5 completed runs.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../electron/core/clock';
import { GatewayClient } from '../../electron/core/gateway/gateway-client';
import { PriceBook } from '../../electron/core/pricing';
import { startSimulator } from '../../electron/simulator/index';
import type { FamilyId } from '../../shared/catalog/family-ids';
import { createPrng } from '../../electron/simulator/prng';
import { benchPrinter, type BenchOutcome } from './bench-kit';

const TASKS = 600;
const MONTH_MS = 30 * 86_400_000;
const MIN_RUNS = 5;
const TARGET = 0.02;

type Draw = { family: FamilyId; model: string; params: Record<string, unknown> };

function workload(random: () => number): Draw[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const maybe = <T>(key: string, values: readonly T[]): Record<string, T> =>
    random() < 0.3 ? {} : { [key]: pick(values) }; // sometimes left to the gateway's default
  const ratios = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'] as const;
  const makers: (() => Draw)[] = [
    () => ({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: {
        prompt: 'a lighthouse',
        ...maybe('size', ratios),
        ...maybe('resolution', ['1K', '2K']),
        ...maybe('prompt_extend', [true, false]),
      },
    }),
    () => ({
      family: 'image.i2',
      model: 'image_model_id_i2',
      params: {
        prompt: 'a fox',
        ...maybe('version', ['flare', 'sunburst']),
        ...maybe('resolution', ['1K', '2K', '4K']),
        ...maybe('size', ['auto', ...ratios, '21:9', '5:4']),
        ...maybe('n', [1, 2, 3, 4]),
      },
    }),
    () => ({
      family: 'image.i5',
      model: 'image_model_id_i5',
      params: {
        prompt: 'a portrait',
        ...maybe('size', [...ratios, '1:4', '8:1']),
        ...maybe('resolution', ['1K', '2K', '4K']),
        ...maybe('n', [1, 2]),
      },
    }),
    () => ({
      family: 'video.v1',
      model: pick(['video_model_id_v1_pro', 'video_model_id_v1_turbo']),
      params: {
        prompt: 'waves',
        duration: 1 + Math.floor(random() * 16),
        ...maybe('resolution', ['540p', '720p', '1080p']),
        ...maybe('aspect_ratio', ['16:9', '9:16', '1:1']),
      },
    }),
    () => ({
      family: 'video.w',
      model: 'video_model_id_w',
      params: {
        prompt: 'a city',
        duration: pick([5, 10]),
        ...maybe('resolution', ['480p', '720p', '1080p']),
        ...maybe('size', ['16:9', '9:16']),
      },
    }),
    () => ({
      family: 'video.k',
      model: 'video_model_id_k',
      params: {
        prompt: 'a dancer',
        duration: pick([5, 10]),
        ...maybe('mode', ['std', 'pro']),
        ...maybe('aspect_ratio', ['16:9', '9:16', '1:1']),
      },
    }),
  ];
  return Array.from({ length: TASKS }, () => pick(makers)());
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const clock = new ManualClock(Date.UTC(2026, 9, 1));
  const sim = await startSimulator({ clock, seed: 5 });
  const dir = mkdtempSync(join(tmpdir(), 'pricing-bench-'));
  const db = openStudioDatabase(join(dir, 'studio.db'));
  try {
    const client = new GatewayClient({ baseUrl: sim.url, apiKey: sim.keys.unlimited, clock });
    const book = new PriceBook({ db, gateway: sim.url, clock });
    const naive = new Map<string, number[]>();
    const bookErrors: number[] = [];
    const naiveErrors: number[] = [];
    const draws = workload(createPrng(2026).next);
    const step = MONTH_MS / TASKS;
    let refitMs = 0;
    for (const [i, draw] of draws.entries()) {
      const key = `${draw.family}\n${draw.model}`;
      const seen = naive.get(key) ?? [];
      const started = performance.now();
      const estimate = book.estimate(draw);
      refitMs += performance.now() - started;
      const ack = await client.submit(draw.family, { ...draw.params, model: draw.model });
      await clock.advance(step);
      const done = await client.getTask(ack.taskId, ack.endpoint);
      if (done.status !== 'completed' || done.cost === null)
        throw new Error(`task ${i} did not complete: ${JSON.stringify(done)}`);
      if (seen.length >= MIN_RUNS && estimate.usd !== null) {
        const average = seen.reduce((s, c) => s + c, 0) / seen.length;
        bookErrors.push(Math.abs(estimate.usd - done.cost) / done.cost);
        naiveErrors.push(Math.abs(average - done.cost) / done.cost);
      }
      book.observe({
        ...draw,
        cost: done.cost,
        creditsCost: done.creditsCost,
        actualTime: done.actualTime,
        taskId: ack.taskId,
      });
      naive.set(key, [...seen, done.cost]);
    }
    const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
    const bookMae = mean(bookErrors);
    const naiveMae = mean(naiveErrors);
    const { lines, say } = benchPrinter(log);
    say(
      `${TASKS} tasks over 30 simulated days, ${bookErrors.length} priced with ≥ ${MIN_RUNS} earlier runs of their model`,
    );
    say(`naive per-model average: mean absolute error ${(naiveMae * 100).toFixed(1)} % of the actual cost`);
    say(`price book: mean absolute error ${(bookMae * 100).toFixed(2)} % of the actual cost`);
    say(`ratio naive/price-book error: ${(naiveMae / Math.max(bookMae, 1e-9)).toFixed(1)}x`);
    say(`estimating took ${(refitMs / TASKS).toFixed(2)} ms per task on average (learning included)`);
    const pass = bookMae <= TARGET;
    say(
      `${pass ? 'PASS' : 'FAIL'} pricing estimate error ${(bookMae * 100).toFixed(2)} % (target ≤ ${TARGET * 100} %)`,
    );
    return { name: 'pricing', pass, lines };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    await sim.close();
  }
}
