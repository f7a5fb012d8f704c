// The desktop app left open all day with nothing running: its main process is the studio host (createStudioHost,
// the composition the app's main.ts builds) plus windows, menus and the task notifier, which only answer events.
// The Electron binary is not on the test machines, so the host is measured under Node as main composes it, with a
// gateway client that counts each call and a manual clock the host schedules all of its own time on: over 60 s of
// that clock, with a key set and nothing running, the host asks its gateway nothing, fires no timer of its own
// and starts no real timer either (a poll, a balance read or a sync round on a timer would show in one of them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ManualClock, type TimerHandle } from '../../electron/core/clock';
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import type { StudioHost } from '../../electron/host/studio-host';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator';
import { createBridgeCaller } from '../../shared/bridge/router';
import { openTestHost } from '../support/test-host';

const IDLE_MS = 60_000;

/** The host's clock, counting the timers that fire on it. */
class CountingClock extends ManualClock {
  fired = 0;
  override setTimer(ms: number, fn: () => void): TimerHandle {
    return super.setTimer(ms, () => {
      this.fired += 1;
      fn();
    });
  }
}

const clock = new CountingClock();
const calls: string[] = [];
let dataDir: string;
let host: StudioHost;
let gateway: RunningSimulator;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'desktop-idle-'));
  // A gateway of its own, on its own clock: only the host's time is the manual clock's.
  gateway = await startSimulator({ timeScale: 0.02 });
  host = await openTestHost(dataDir, {
    clock,
    createGateway: (connection) => {
      const client = createGatewayClient({ ...connection, clock });
      return new Proxy(client, {
        get(target, name, receiver) {
          const value: unknown = Reflect.get(target, name, receiver);
          if (typeof value !== 'function' || typeof name !== 'string') return value;
          return (...args: unknown[]) => {
            calls.push(name);
            return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
          };
        },
      });
    },
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await host?.close();
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('asks its gateway nothing and does no periodic work over 60 s with nothing running', async () => {
  const bridge = createBridgeCaller({ handlers: host.handlers });
  await bridge.settings.update({ baseUrl: `${gateway.url}/` });
  await bridge.secrets.setKey({ key: SIM_KEYS.unlimited });
  // What opening asks (the key check, balance, models) settles first: a window open on the studio.
  await bridge.account.balance();
  await clock.advance(5_000);
  expect(calls.length).toBeGreaterThan(0); // the counting gateway is the one the host uses

  calls.length = 0;
  clock.fired = 0;
  const intervals = vi.spyOn(globalThis, 'setInterval');
  const timeouts = vi.spyOn(globalThis, 'setTimeout');
  await clock.advance(IDLE_MS);
  expect(calls).toEqual([]);
  expect(clock.fired).toBe(0);
  expect(clock.pendingTimers()).toBe(0);
  expect(intervals).not.toHaveBeenCalled();
  expect(timeouts).not.toHaveBeenCalled();
});
