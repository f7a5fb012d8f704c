// Conformance: completion callbacks, their retries and the URLs that are dropped.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callbackUrl, dropReason } from '../../electron/simulator/webhooks';
import { SECOND, startHarness, type Harness } from './harness';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A receiver whose answers are scripted per request: a status, or 'silent' for never answering. */
class Receiver {
  readonly received: Received[] = [];
  script: (number | 'silent')[] = [];
  private server: Server | null = null;
  private arrivals: { count: number; resolve: () => void }[] = [];

  /** Resolves once `count` requests have arrived (the receiver's own event, not a guess at how long it takes). */
  arrived(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.arrivals.push({ count, resolve }));
  }
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        });
        for (const waiter of this.arrivals.filter((w) => this.received.length >= w.count)) waiter.resolve();
        this.arrivals = this.arrivals.filter((w) => this.received.length < w.count);
        const answer = this.script.shift() ?? 200;
        if (answer === 'silent') return;
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let h: Harness;
let rx: Receiver;
beforeAll(async () => {
  h = await startHarness({ allowLoopbackWebhooks: true });
  rx = new Receiver();
  await rx.start();
});
afterAll(async () => {
  await h.close();
  await rx.stop();
});
afterEach(() => {
  rx.received.length = 0;
  rx.script = [];
});

/**
 * Waits until every delivery in flight has its answer (or its timeout). A delivery starts in the same turn the
 * clock's advance makes its task terminal or its retry due, so the sender's own idle() sees all of them.
 */
async function settleDeliveries(harness: Harness = h): Promise<void> {
  await harness.sim.webhooks.idle();
}

async function runTask(prompt: string, webhook: string): Promise<string> {
  const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt, webhook });
  return id;
}

describe('delivery', () => {
  it('[EVT-1] [EVT-2] [EVT-3] [EVT-4] [EVT-5] POSTs the task object to <webhook>/callback only once the task completes', async () => {
    const id = await runTask('deliver me', `${rx.url}/hooks/`);
    h.clock.advance(2 * SECOND); // still processing
    await settleDeliveries();
    expect(rx.received).toHaveLength(0);
    h.clock.advance(60 * SECOND);
    await settleDeliveries();
    expect(rx.received).toHaveLength(1);
    const [call] = rx.received;
    expect(call?.path).toBe('/hooks/callback'); // no double slash
    expect(call?.body).toMatchObject({
      id,
      status: 'completed',
      progress: 100,
      cost: expect.any(Number),
      credits_cost: expect.any(Number),
    });
    expect(call?.body.result).toMatchObject({
      images: [{ url: [expect.any(String)], expires_at: expect.any(Number) }],
    });
    for (const field of ['created', 'completed', 'actual_time']) expect(call?.body).toHaveProperty(field);
    expect(call?.headers['content-type']).toBe('application/json');
    // [EVT-11] a signature header is not shown: the simulator sends none, and never the caller's key.
    expect(
      Object.keys(call?.headers ?? {}).filter((name) => /signature|hmac|authorization/i.test(name)),
    ).toEqual([]);
    // The payload equals what the task endpoint answers.
    const polled = await h.getJson(`/v1/tasks/${id}`);
    expect(polled.body).toEqual(call?.body);
    // [EVT-8] normally exactly one delivery per task
    h.clock.advance(300 * SECOND);
    await settleDeliveries();
    expect(rx.received).toHaveLength(1);
  });

  it('[EVT-5] a failed task delivers status failed with error.message and error.code', async () => {
    const id = await runTask('[fail]', `${rx.url}/base`);
    h.clock.advance(60 * SECOND);
    await settleDeliveries();
    expect(rx.received.map((r) => r.path)).toEqual(['/base/callback']);
    expect(rx.received[0]?.body).toMatchObject({
      id,
      status: 'failed',
      progress: 100,
      error: { message: expect.any(String), code: expect.any(String) },
    });
  });

  it('[EVT-6] [LIM-13] 5xx answers are retried after about 10, 30 and 60 s, then delivery gives up', async () => {
    rx.script = [500, 503, 502, 500, 200];
    const id = await runTask('flaky receiver', rx.url);
    h.clock.advance(60 * SECOND);
    await settleDeliveries();
    expect(rx.received).toHaveLength(1);
    for (const [wait, expected] of [
      [9, 1],
      [1, 2],
      [30, 3],
      [60, 4],
      [600, 4],
    ] as const) {
      h.clock.advance(wait * SECOND);
      await settleDeliveries();
      expect(rx.received, `after +${wait}s`).toHaveLength(expected);
    }
    const attempts = h.sim.webhooks.deliveries.filter((d) => d.taskId === id);
    expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
    expect(attempts.every((d) => d.outcome === 'failed')).toBe(true);
  });

  it('[EVT-6] a receiver that does not answer within 10 s is retried', async () => {
    rx.script = ['silent', 200];
    const id = await runTask('silent receiver', rx.url);
    h.clock.advance(60 * SECOND);
    await rx.arrived(1); // the receiver has it and says nothing
    expect(rx.received).toHaveLength(1);
    h.clock.advance(10 * SECOND); // receiver timeout
    await settleDeliveries();
    h.clock.advance(10 * SECOND); // first retry
    await settleDeliveries();
    expect(rx.received).toHaveLength(2);
    const attempts = h.sim.webhooks.deliveries.filter((d) => d.taskId === id);
    expect(attempts.map((d) => d.outcome)).toEqual(['failed', 'delivered']);
  });

  it('[EVT-7] a 4xx answer ends delivery at once', async () => {
    rx.script = [410];
    await runTask('gone receiver', rx.url);
    h.clock.advance(60 * SECOND);
    await settleDeliveries();
    h.clock.advance(200 * SECOND);
    await settleDeliveries();
    expect(rx.received).toHaveLength(1);
  });
});

describe('receiver URL rules', () => {
  it('[EVT-3] appends /callback without doubling slashes', () => {
    expect(callbackUrl('https://hooks.example.com/path').href).toBe(
      'https://hooks.example.com/path/callback',
    );
    expect(callbackUrl('https://hooks.example.com/path/').href).toBe(
      'https://hooks.example.com/path/callback',
    );
    expect(callbackUrl('https://hooks.example.com').href).toBe('https://hooks.example.com/callback');
  });

  it('[EVT-9] loopback, private ranges, non-standard ports and the service itself are dropped', () => {
    const own = 'http://127.0.0.1:4000';
    const drop = (url: string, allow = false) => dropReason(new URL(url), own, allow);
    for (const url of [
      'http://127.0.0.1/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://172.20.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/x',
      'http://[::1]/x',
      'http://[fd00::1]/x',
      'http://[::ffff:127.0.0.1]/x', // serialized as [::ffff:7f00:1]
      'http://[::ffff:10.0.0.1]/x',
      'http://0x7f000001/x', // 127.0.0.1 in another spelling
      'http://localhost./x',
      'http://100.64.0.1/x',
      'http://224.0.0.1/x',
      'https://hooks.example.com:8443/x',
      'ftp://hooks.example.com/x',
    ]) {
      expect(drop(url), url).not.toBeNull();
    }
    expect(drop('https://hooks.example.com/x')).toBeNull();
    expect(drop('http://8.8.8.8/x')).toBeNull();
    expect(drop('http://172.32.0.1/x')).toBeNull();
    expect(drop('http://[::ffff:8.8.8.8]/x')).toBeNull();
    expect(drop('http://hooks.example.com:80/x')).toBeNull();
    expect(drop('http://127.0.0.1:9999/x', true)).toBeNull();
    expect(drop('http://127.0.0.1:4000/x', true)).not.toBeNull(); // the service's own domain, always
  });

  it('[EVT-9] without --allow-loopback-webhooks a loopback receiver gets nothing, not even a retry', async () => {
    const strict = await startHarness();
    try {
      await strict.submit('/v1/images/generations', {
        model: 'image_model_id_i3',
        prompt: 'dropped',
        webhook: rx.url,
      });
      strict.clock.advance(300 * SECOND);
      // Dropping is decided in the turn the task ends, so nothing can be in flight now.
      await strict.sim.webhooks.idle();
      expect(rx.received).toHaveLength(0);
      expect(strict.sim.webhooks.deliveries).toEqual([
        expect.objectContaining({ outcome: 'dropped', attempt: 0 }),
      ]);
    } finally {
      await strict.close();
    }
  });

  it('[EVT-9] private ranges, non-standard ports, other schemes and the simulator itself are dropped over HTTP, with no attempt', async () => {
    const strict = await startHarness();
    try {
      const targets = [
        'http://10.1.2.3/hooks',
        'http://192.168.1.20/hooks',
        'https://hooks.example.com:8443/hooks',
        'ftp://hooks.example.com/hooks',
        `${strict.sim.url}/hooks`,
      ];
      for (const webhook of targets) {
        await strict.submit('/v1/images/generations', {
          model: 'image_model_id_i3',
          prompt: 'drop',
          webhook,
        });
      }
      strict.clock.advance(600 * SECOND);
      await strict.sim.webhooks.idle();
      const deliveries = strict.sim.webhooks.deliveries;
      expect(deliveries).toHaveLength(targets.length);
      expect(deliveries.every((d) => d.outcome === 'dropped' && d.attempt === 0)).toBe(true);
      expect(deliveries.map((d) => d.url)).toEqual(targets.map((t) => `${t}/callback`));
    } finally {
      await strict.close();
    }
  });
});

describe('[EVT-6] [LIM-13] retries on a scaled clock', () => {
  it('--time-scale 0.1 retries after 1, 3 and 6 s instead of 10, 30 and 60 s', async () => {
    const fast = await startHarness({ allowLoopbackWebhooks: true, timeScale: 0.1 });
    try {
      rx.script = [500, 500, 500, 500];
      const id = await fast.submit('/v1/images/generations', {
        model: 'image_model_id_i3',
        prompt: 'scaled retries',
        webhook: rx.url,
      });
      const settle = (): Promise<void> => settleDeliveries(fast);
      fast.clock.advance(6 * SECOND); // a 6 s image at scale 0.1 is done
      await settle();
      expect(rx.received).toHaveLength(1);
      for (const [wait, expected] of [
        [0.9, 1],
        [0.1, 2],
        [2.9, 2],
        [0.1, 3],
        [5.9, 3],
        [0.1, 4],
        [60, 4],
      ] as const) {
        fast.clock.advance(wait * SECOND);
        await settle();
        expect(rx.received, `after +${wait}s`).toHaveLength(expected);
      }
      const times = fast.sim.webhooks.deliveries.filter((d) => d.taskId === id).map((d) => d.atMs);
      expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual([1000, 3000, 6000]);
    } finally {
      await fast.close();
    }
  });
});
