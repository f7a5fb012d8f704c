// The loopback endpoint closes a session no request has used for IDLE_SESSION_MS, measured on the injected clock
// (a manual one here): a client that vanished without closing does not keep its place, and its agent session
// ends in the account the app shows. A session in use is kept however long it lives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { IDLE_SESSION_MS } from '../../electron/mcp/http-endpoint';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { tempDir } from '../cli/cli-harness';
import { openHarness, type McpHarness } from './mcp-harness';
import { call } from './mcp-scenario';

let sim: RunningSimulator;
let cleanup: () => Promise<void>;
let harness: McpHarness;
const clock = new ManualClock(Date.UTC(2026, 10, 29, 12));

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  const made = await tempDir();
  cleanup = made.cleanup;
  harness = await openHarness(sim, made.dir, undefined, {}, clock);
});

afterAll(async () => {
  await harness.close();
  await sim.close();
  await cleanup();
});

describe('idle sessions of the loopback endpoint', { timeout: 60_000 }, () => {
  it('keeps a session in use and closes one left idle past the limit', async () => {
    const client = await harness.connect('idle-agent');
    expect(harness.endpoint.sessions()).toBe(1);
    // Used every 20 minutes for an hour: never idle long enough.
    for (let i = 0; i < 3; i += 1) {
      await clock.advance(20 * 60_000);
      expect((await call(client, 'balance', {})).isError).toBeFalsy();
    }
    expect(harness.endpoint.sessions()).toBe(1);
    await clock.advance(IDLE_SESSION_MS + 60_000);
    await expect.poll(() => harness.endpoint.sessions()).toBe(0);
    const session = harness.studio.agents.list().find((s) => s.client === 'idle-agent');
    expect(session?.endedAt).not.toBeNull();
    await expect(client.callTool({ name: 'balance', arguments: {} })).rejects.toThrow();
    // Its client starts again with a new session.
    const again = await harness.connect('idle-agent');
    expect((await call(again, 'balance', {})).isError).toBeFalsy();
  });
});
