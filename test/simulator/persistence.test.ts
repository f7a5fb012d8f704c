// The demo gateway keeps its world in a state file: a task submitted before a restart is known after it and
// completes on time, balances, usage and Idempotency-Key replies survive, and ids never repeat.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ManualClock,
  SIM_KEYS,
  SIM_SEEDS,
  startSimulator,
  type RunningSimulator,
} from '../../electron/simulator/index';
import { MINUTE, SECOND } from './harness';

let dir: string;
let stateFile: string;
let running: RunningSimulator[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sim-state-'));
  stateFile = join(dir, 'demo-gateway.json');
  running = [];
});
afterEach(async () => {
  for (const sim of running) await sim.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(clock: ManualClock, log?: (m: string) => void): Promise<RunningSimulator> {
  const sim = await startSimulator({ clock, stateFile, ...(log && { log }) });
  running.push(sim);
  return sim;
}

async function call(
  sim: RunningSimulator,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sim.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${SIM_KEYS.default}`, 'Content-Type': 'application/json', ...headers },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const VIDEO = { model: 'video_model_id_v1_pro', prompt: 'a restart in the middle', duration: 5 };
const taskId = (body: Record<string, unknown>): string =>
  ((body.data as { task_id: string }[])[0] as { task_id: string }).task_id;

/** Closes the simulator (as the app does when it quits) and starts another on the same file and instant. */
async function restart(sim: RunningSimulator, clock: ManualClock): Promise<[RunningSimulator, ManualClock]> {
  await sim.close();
  running = running.filter((s) => s !== sim);
  const next = new ManualClock(clock.now());
  return [await start(next), next];
}

describe('the demo gateway across restarts', () => {
  it('[EP-TASK-1] [TASK-10] a task submitted before a restart is found after it and completes with its files', async () => {
    let clock = new ManualClock();
    let sim = await start(clock);
    const id = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    clock.advance(2 * SECOND);
    const before = await call(sim, `/v1/tasks/${id}`);
    expect(before.body.status).not.toBe('completed');

    [sim, clock] = await restart(sim, clock);
    const after = await call(sim, `/v1/tasks/${id}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ id, created: before.body.created });
    expect(after.body.status).not.toBe('completed');

    clock.advance(10 * MINUTE);
    const done = await call(sim, `/v1/tasks/${id}`);
    expect(done.body.status).toBe('completed');
    const videos = (done.body.result as { videos: { url: string[] }[] }).videos;
    const url = videos[0]?.url[0] ?? '';
    expect(url.startsWith(sim.url)).toBe(true); // links follow the new address
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
  });

  it('[TBAL-3] [UREP-STAT-3] balance and usage are those of before the restart, not a fresh demo account', async () => {
    const clock = new ManualClock();
    let sim = await start(clock);
    const id = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    clock.advance(10 * MINUTE);
    await call(sim, `/v1/tasks/${id}`);
    const balance = (await call(sim, '/v1/balance')).body;
    const usage = (await call(sim, '/v1/usage?group_by=model')).body;
    expect(balance.remain_balance).toBeLessThan(50);

    [sim] = await restart(sim, clock);
    expect((await call(sim, '/v1/balance')).body).toEqual(balance);
    expect((await call(sim, '/v1/usage?group_by=model')).body.data).toEqual(usage.data);
  });

  it('a task that finished while the gateway was down is settled (charged, in usage) after the restart', async () => {
    let clock = new ManualClock();
    let sim = await start(clock);
    const id = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    const requests = async () =>
      ((await call(sim, '/v1/usage?group_by=none')).body.data as { total: { requests: number } }).total
        .requests;
    const billedBefore = await requests();
    await sim.close();
    running = [];
    clock = new ManualClock(clock.now() + 10 * MINUTE);
    sim = await start(clock);
    expect((await call(sim, `/v1/tasks/${id}`)).body.status).toBe('completed');
    expect(await requests()).toBe(billedBefore + 1);
  });

  it('new task ids after a restart never repeat ids from before it', async () => {
    const clock = new ManualClock();
    let sim = await start(clock);
    const first = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    [sim] = await restart(sim, clock);
    const second = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    expect(second).not.toBe(first);
    expect((await call(sim, `/v1/tasks/${first}`)).status).toBe(200);
    // The seeded catalogue is still there (and still the same tasks).
    expect((await call(sim, `/v1/music/tasks/${SIM_SEEDS.musicExtend}`)).status).toBe(200);
  });

  it('[EP-IMAGE-I2HDR-1] an Idempotency-Key replay after a restart returns the original task', async () => {
    const clock = new ManualClock();
    let sim = await start(clock);
    const body = { model: 'image_model_id_i2', prompt: 'kept', n: 1 };
    const headers = { 'Idempotency-Key': 'op-restart', 'X-Service-Response-Version': '2026-07-27' };
    const first = await call(sim, '/v1/images/generations', body, headers);
    [sim] = await restart(sim, clock);
    const replay = await call(sim, '/v1/images/generations', body, headers);
    expect(replay.body).toEqual(first.body);
  });

  it('an unreadable state file is set aside and the gateway starts fresh, saying so', async () => {
    writeFileSync(stateFile, '{"format": 1, "tasks": "not a list"');
    const messages: string[] = [];
    const sim = await start(new ManualClock(), (m) => messages.push(m));
    expect(messages.join('\n')).toMatch(/could not read its saved state.*starts fresh/);
    expect(existsSync(`${stateFile}.broken`)).toBe(true);
    expect((await call(sim, '/v1/balance')).body.remain_balance).toBe(50);
    // and the fresh state is written in its place
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ format: 1 });
  });

  it('without a state file nothing is written and a restart forgets (tests and the standalone simulator)', async () => {
    const clock = new ManualClock();
    const sim = await startSimulator({ clock });
    running.push(sim);
    const id = taskId((await call(sim, '/v1/videos/generations', VIDEO)).body);
    await sim.close();
    running = [];
    const fresh = await startSimulator({ clock: new ManualClock(clock.now()) });
    running.push(fresh);
    expect((await call(fresh, `/v1/tasks/${id}`)).status).toBe(404);
    expect(existsSync(stateFile)).toBe(false);
  });
});
