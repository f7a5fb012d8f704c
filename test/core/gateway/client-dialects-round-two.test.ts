// The client against the simulator speaking the rest of what the real gateway's public clients meet: status
// words the spec lacks, a balance too low as 403, a saturated upstream's 429 without Retry-After, a 503 "no
// available channel", errors in Chinese unless a language is asked, and the response-version header under the
// gateway's own name. Each is read into the one error table or the one task snapshot.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { GatewayClient, type GatewayCallEvent } from '../../../electron/core/gateway';
import { startSimulator, type Dialect, type RunningSimulator } from '../../../electron/simulator/index';
import { errorSentence } from '../../../shared/gateway/error-map';
import type { TaskSnapshot } from '../../../shared/gateway/normalized';
import { failure } from '../../support/gateway-failure';
import { StepClock } from '../../support/step-clock';

let sim: RunningSimulator;
let simClock: ManualClock;

beforeAll(async () => {
  simClock = new ManualClock(Date.UTC(2026, 4, 20, 12, 0, 0));
  sim = await startSimulator({ clock: simClock, seed: 35 });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.dialects.set([]);
  sim.faults.clear();
});

function client(
  options: { key?: string; language?: string; calls?: GatewayCallEvent[]; maxAttempts?: number } = {},
): GatewayClient {
  return new GatewayClient({
    baseUrl: sim.url,
    apiKey: options.key ?? sim.keys.default,
    clock: new StepClock(simClock.now()),
    random: () => 0.5,
    timeoutMs: 60_000,
    retry: { maxAttempts: options.maxAttempts ?? 1 },
    ...(options.language ? { language: () => options.language ?? null } : {}),
    ...(options.calls ? { onCall: (event: GatewayCallEvent) => options.calls?.push(event) } : {}),
  });
}

const speak = (...dialects: Dialect[]) => sim.dialects.set(dialects);
const I3 = { model: 'image_model_id_i3', size: '1:1', resolution: '1K' };

async function watch(c: GatewayClient, id: string): Promise<TaskSnapshot[]> {
  const seen: TaskSnapshot[] = [];
  for (let i = 0; i < 200; i++) {
    const t = await c.getTask(id, 'tasks');
    seen.push(t);
    if (t.status === 'completed' || t.status === 'failed' || t.status === 'cancelled') return seen;
    await simClock.advance(1_000);
  }
  throw new Error(`task ${id} never finished`);
}

describe('status words the spec lacks (odd-status-words)', () => {
  it('UNKNOWN while running is still running (the word kept); the task completes with its file', async () => {
    speak('odd-status-words');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a lantern' });
    const seen = await watch(c, ack.taskId);
    const odd = seen.filter((t) => t.statusWord?.toLowerCase() === 'unknown');
    expect(odd.length).toBeGreaterThan(0);
    expect(odd.every((t) => t.status === 'processing')).toBe(true);
    expect(seen.at(-1)).toMatchObject({ status: 'completed' });
    expect(seen.at(-1)?.files).toHaveLength(1);
  });

  it('EXPIRED carrying result links is a delivered task, never a timeout', async () => {
    speak('odd-status-words');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a long-gone picture' });
    const done = (await watch(c, ack.taskId)).at(-1);
    const expiresAt = done?.files[0]?.expiresAt ?? 0;
    await simClock.advance(Math.max(0, expiresAt * 1000 - simClock.now()) + 60_000);
    const raw = (await (
      await fetch(`${sim.url}/v1/tasks/${ack.taskId}`, {
        headers: { Authorization: `Bearer ${sim.keys.default}` },
      })
    ).json()) as { status: string };
    expect(raw.status).toBe('EXPIRED');
    const late = await c.getTask(ack.taskId, 'tasks');
    expect(late).toMatchObject({ status: 'completed', statusWord: null });
    expect(late.files).toHaveLength(1);
  });
});

describe('errors the real gateway says its own way', () => {
  it('balance-403: a balance too low as 403 with text is payment_required, said as "balance too low"', async () => {
    speak('balance-403');
    const e = await failure(client({ key: sim.keys.empty }).submit('image.i3', { ...I3, prompt: 'x' }));
    expect(e).toMatchObject({ httpStatus: 403, type: 'payment_required', code: 'insufficient_balance' });
    expect(errorSentence(e.info).key).toBe('errors.paymentRequired');
  });

  it('upstream-429: a 429 without Retry-After from a saturated upstream backs off and says it is not the key', async () => {
    speak('upstream-429');
    sim.faults.set({ paths: ['/v1/balance'] });
    sim.faults.enqueue('429');
    const calls: GatewayCallEvent[] = [];
    const balance = await client({ calls, maxAttempts: 3 }).tokenBalance();
    expect(balance).toBeDefined();
    expect(calls[0]).toMatchObject({ status: 429, errorType: 'rate_limit_error' });
    expect(calls[0]?.retryInMs).toBeGreaterThan(0);
    expect(calls[0]?.message).toMatch(/upstream is saturated \(its load, not your key's rate limit\)/);
  });

  it('no-channel: a 503 "no available channel" is a configuration problem, said so, and not tried again', async () => {
    speak('no-channel');
    const calls: GatewayCallEvent[] = [];
    // I2 is the family whose submissions the client may retry (its Idempotency-Key): even so, once.
    const c = client({ calls, maxAttempts: 4 });
    const e = await failure(
      c.submit('image.i2', { model: 'image_model_id_i2', prompt: 'owls [no-channel]' }),
    );
    expect(e).toMatchObject({ httpStatus: 503, type: 'channel_unavailable', retryable: false });
    expect(e.message).toMatch(/no channel serving this model .* configuration problem/);
    expect(errorSentence(e.info).key).toBe('errors.noChannel');
    expect(calls).toHaveLength(1);
  });

  it('chinese-errors: English when the app speaks English, Chinese when it speaks Chinese', async () => {
    speak('chinese-errors');
    const english = await failure(
      client({ key: sim.keys.empty, language: 'en' }).submit('image.i3', { ...I3, prompt: 'x' }),
    );
    expect(english.message).not.toMatch(/[\u4e00-\u9fff]/);
    const chinese = await failure(
      client({ key: sim.keys.empty, language: 'zh-CN' }).submit('image.i3', { ...I3, prompt: 'x' }),
    );
    expect(chinese.message).toMatch(/余额不足/);
    // The CLI, which has no UI language, asks for English too.
    const cli = await failure(client({ key: sim.keys.empty }).submit('image.i3', { ...I3, prompt: 'x' }));
    expect(cli.message).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('apimart-version-header: I2 still gets Shape B when the gateway reads only its own header name', async () => {
    speak('apimart-version-header');
    const ack = await client().submit('image.i2', { model: 'image_model_id_i2', prompt: 'two cats' });
    expect(ack.requestId).not.toBeNull();
  });
});
