// What the real gateway sends beyond its spec, as its public clients meet it. The simulator speaks each
// dialect behind its switch (electron/simulator/dialects.ts); the client must read every one into the same
// normalised values, and every error shape into the one error table, never showing a proxy's HTML.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { GatewayClient } from '../../../electron/core/gateway';
import { startSimulator, type Dialect, type RunningSimulator } from '../../../electron/simulator/index';
import { errorSentence } from '../../../shared/gateway/error-map';
import type { TaskSnapshot } from '../../../shared/gateway/normalized';
import { failure } from '../../support/gateway-failure';
import { StepClock } from '../../support/step-clock';

let sim: RunningSimulator;
let simClock: ManualClock;

beforeAll(async () => {
  simClock = new ManualClock(Date.UTC(2026, 4, 20, 12, 0, 0));
  sim = await startSimulator({ clock: simClock, seed: 22 });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.dialects.set([]);
  sim.faults.clear();
});

function client(key: string = sim.keys.default): GatewayClient {
  return new GatewayClient({
    baseUrl: sim.url,
    apiKey: key,
    clock: new StepClock(simClock.now()),
    random: () => 0.5,
    timeoutMs: 60_000,
    retry: { maxAttempts: 1 },
  });
}

const speak = (...dialects: Dialect[]) => sim.dialects.set(dialects);

/** Every snapshot of a task until it is terminal, moving the simulator's clock between polls. */
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

const I3 = { model: 'image_model_id_i3', size: '1:1', resolution: '1K' };

describe('status words beyond the five (status-words)', () => {
  it('reads queued/in_progress/RUNNING/success-style words, any case, as the states they mean', async () => {
    speak('status-words');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a harbour at dawn' });
    const seen = await watch(c, ack.taskId);
    expect(seen.at(-1)?.status).toBe('completed');
    expect(seen.at(-1)?.files).toHaveLength(1);
    expect(seen.every((t) => t.statusWord === null)).toBe(true);
  });

  it('without the dialect the same task says the spec five only (the switch is what changes)', async () => {
    const res = await fetch(`${sim.url}/v1/tasks/grid-1`, {
      headers: { Authorization: `Bearer ${sim.keys.default}`, 'X-Sim-Dialect': 'status-words' },
    });
    const body = (await res.json()) as { status: string };
    expect(['success', 'succeeded', 'SUCCESS', 'complete']).toContain(body.status);
    const spec = (await (
      await fetch(`${sim.url}/v1/tasks/grid-1`, { headers: { Authorization: `Bearer ${sim.keys.default}` } })
    ).json()) as { status: string };
    expect(spec.status).toBe('completed');
  });

  it('an unknown word reads as processing and keeps the word; the task still completes', async () => {
    speak('status-words');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a mill [status:moderating]' });
    const seen = await watch(c, ack.taskId);
    const odd = seen.filter((t) => t.statusWord === 'moderating');
    expect(odd.length).toBeGreaterThan(0);
    expect(odd.every((t) => t.status === 'processing')).toBe(true);
    expect(seen.at(-1)?.status).toBe('completed');
  });

  it('canceled/cancelled is its own state, with no files and no charge', async () => {
    speak('status-words');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a barn [cancel]' });
    const last = (await watch(c, ack.taskId)).at(-1);
    expect(last).toMatchObject({ status: 'cancelled', files: [], cost: 0, error: null });
  });
});

describe('two submission envelopes', () => {
  it('multi-task: n > 1 answers one task per picture in the array, every one of them readable', async () => {
    speak('multi-task');
    const c = client();
    const ack = await c.submit('image.i5', { model: 'image_model_id_i5', prompt: 'four foxes', n: 4 });
    expect(ack.siblings).toHaveLength(3);
    const ids = [ack.taskId, ...(ack.siblings ?? []).map((s) => s.taskId)];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect((await watch(c, id)).at(-1)?.files).toHaveLength(1);
  });

  it('object envelope: the task id, its poll endpoint and task_info.estimated_time', async () => {
    speak('object-envelope');
    const c = client();
    const ack = await c.submit('video.v1', {
      model: 'video_model_id_v1_pro',
      prompt: 'waves',
      duration: 5,
      resolution: '720p',
    });
    expect(ack.result ?? null).toBeNull();
    expect(ack.estimatedTime).toBeGreaterThan(0);
    expect(ack.endpoint).toBe('tasks');
    expect((await watch(c, ack.taskId)).at(-1)?.status).toBe('completed');
  });

  it('object "generation.result": the answer is the finished task, files and all', async () => {
    speak('inline-result');
    const c = client();
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a quick sketch' });
    expect(ack.status).toBe('completed');
    expect(ack.result?.files).toHaveLength(1);
    expect(ack.result?.estimatedTime).toBeGreaterThanOrEqual(0);
  });
});

describe('error bodies in every shape, into the one error table', () => {
  const shapes: Dialect[][] = [
    ['errors-openai'],
    ['errors-success-false'],
    ['errors-code-message'],
    ['errors-openai', 'errors-http-200'],
    ['errors-code-message', 'errors-http-200'],
  ];
  it.each(shapes)('a 402 in %s is payment_required, said as "balance too low"', async (...dialects) => {
    speak(...dialects);
    const f = await failure(client(sim.keys.empty).submit('image.i3', { ...I3, prompt: 'x' }));
    // {success: false, message} names no status: only its HTTP status can say 402.
    const knowsStatus = !(dialects.includes('errors-success-false') && dialects.includes('errors-http-200'));
    if (knowsStatus) {
      expect(f).toMatchObject({ httpStatus: 402, type: 'payment_required', retryable: false });
      expect(errorSentence(f).key).toBe('errors.paymentRequired');
    }
    expect(f.message).toMatch(/balance/i);
  });

  it('{success: false, message} with HTTP 200 is a refusal said in its own words, not an unreadable answer', async () => {
    speak('errors-success-false', 'errors-http-200');
    const f = await failure(client(sim.keys.empty).submit('image.i3', { ...I3, prompt: 'x' }));
    expect(f.type).toBe('invalid_request_error');
    expect(f.message).toMatch(/balance/i);
    expect(errorSentence(f).key).toBe('errors.invalidRequest');
  });

  it('an HTML 502 from a proxy becomes the sentence for a gateway that is down, never its markup', async () => {
    speak('html-502');
    sim.faults.enqueue('502');
    const f = await failure(client().submit('image.i3', { ...I3, prompt: 'x' }));
    expect(f).toMatchObject({ httpStatus: 502, type: 'bad_gateway' });
    expect(f.message).not.toMatch(/<|html|nginx/i);
    expect(errorSentence(f).key).toBe('errors.server');
  });

  it('an HTML page with HTTP 200 is said as a web page, not shown', async () => {
    speak('html-502', 'errors-http-200');
    sim.faults.enqueue('502');
    const f = await failure(client().tokenBalance());
    expect(f).toMatchObject({ httpStatus: 200, type: 'invalid_response' });
    expect(f.message).toMatch(/web page/);
    expect(f.message).not.toMatch(/<|nginx/i);
  });
});

describe('balances with decimals and a unit', () => {
  it.each([
    ['balance-cny', 'CNY'],
    ['balance-credits', 'credits'],
  ] as const)('%s: decimals in the credits and the unit the gateway says', async (dialect, unit) => {
    speak(dialect);
    const c = client();
    const token = await c.tokenBalance();
    const user = await c.userBalance();
    expect(token.unit).toBe(unit);
    expect(user.unit).toBe(unit);
    expect(token.remain_credits).toBeGreaterThan(0);
  });

  it('the spec gateway says no unit', async () => {
    expect((await client().tokenBalance()).unit).toBeNull();
  });
});

describe('localised messages (?language=)', () => {
  it('a failed task polled with ?language=zh says its message in Chinese where the gateway speaks it', async () => {
    speak('localised');
    const c = new GatewayClient({
      baseUrl: sim.url,
      apiKey: sim.keys.default,
      clock: new StepClock(simClock.now()),
      timeoutMs: 60_000,
      language: () => 'zh',
    });
    const ack = await c.submit('image.i3', { ...I3, prompt: 'a failing mill [fail]' });
    const last = (await watch(c, ack.taskId)).at(-1);
    expect(last?.status).toBe('failed');
    expect(last?.error?.message).toBe('生成失败：提示词带有 [fail] 标记。');
  });
});
