// [EVT-1..11], [LIM-13]: the completion callback. Sent once a task is settled as completed or failed,
// retried after 10, 30 and 60 s (scaled, on the simulator's clock) when the receiver answers 5xx or not at
// all within 10 s; a 4xx ends delivery; URLs the real service would refuse are dropped.
import { BlockList, isIP } from 'node:net';
import type { SimTimer } from './clock';
import type { SimState } from './state';
import { taskObject, type SimTask } from './tasks';

const RETRY_DELAYS_MS = [10_000, 30_000, 60_000];
const RECEIVER_TIMEOUT_MS = 10_000;
/** Real milliseconds a receiver always gets, however fast the simulated clock moves. */
const MIN_REAL_WAIT_MS = 200;

export interface WebhookDelivery {
  taskId: string;
  url: string;
  /** 1 for the first try, up to 4. 0 for a dropped URL. */
  attempt: number;
  atMs: number;
  outcome: 'delivered' | 'rejected' | 'failed' | 'dropped';
  status: number | null;
  reason: string;
}

/** [EVT-3] base + "/callback", never a double slash; the query string, if any, is kept. */
export function callbackUrl(base: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/callback`;
  return url;
}

/**
 * Addresses no public receiver has: this network, private, shared, loopback, link-local, multicast and reserved
 * IPv4; unspecified, loopback, unique-local, link-local and multicast IPv6. BlockList also matches IPv4-mapped
 * IPv6 forms such as [::ffff:7f00:1], which URL parsing produces from [::ffff:127.0.0.1].
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private, link-local or unique-local by its literal form (host names are not resolved). */
export function isInternalHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const version = isIP(host);
  if (version === 0) return false;
  return INTERNAL.check(host, version === 4 ? 'ipv4' : 'ipv6');
}

/** [EVT-9]: null when deliverable, else why the URL is dropped. */
export function dropReason(url: URL, ownOrigin: string, allowLoopback: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `scheme ${url.protocol} is not http or https`;
  if (ownOrigin !== '' && url.host === new URL(ownOrigin).host)
    return "the URL points at the service's own domain";
  if (allowLoopback) return null;
  if (isInternalHost(url.hostname)) return 'loopback and private addresses are rejected';
  if (url.port !== '' && url.port !== '80' && url.port !== '443') return `port ${url.port} is not 80 or 443`;
  return null;
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  ownOrigin = '';
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly timers = new Set<SimTimer>();
  private readonly controllers = new Set<AbortController>();
  private stopped = false;

  constructor(
    private readonly state: SimState,
    private readonly allowLoopback: boolean,
  ) {}

  taskTerminal(task: SimTask): void {
    if (!task.webhook || this.stopped) return;
    let url: URL;
    try {
      url = callbackUrl(task.webhook);
    } catch {
      this.record(task, task.webhook, 0, 'dropped', null, 'not a valid URL');
      return;
    }
    const reason = dropReason(url, this.ownOrigin, this.allowLoopback);
    if (reason) {
      this.record(task, url.href, 0, 'dropped', null, reason);
      return;
    }
    void this.attempt(task, url, 1);
  }

  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    for (const controller of this.controllers) controller.abort();
  }

  private async attempt(task: SimTask, url: URL, attempt: number): Promise<void> {
    this.inFlight++;
    const controller = new AbortController();
    this.controllers.add(controller);
    // The receiver's 10 s runs on the simulator's clock, so a manual-clock test can time a receiver out.
    // A clock that jumps far ahead in one step still leaves the receiver a little real time to answer.
    const startedRealMs = Date.now();
    const timeout = this.state.clock.schedule(this.state.scaled(RECEIVER_TIMEOUT_MS), () => {
      const left = MIN_REAL_WAIT_MS - (Date.now() - startedRealMs);
      if (left <= 0) controller.abort();
      else setTimeout(() => controller.abort(), left).unref();
    });
    this.timers.add(timeout);
    let status: number | null = null;
    let reason = '';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'gateway-simulator-webhook/1' },
        body: JSON.stringify(
          taskObject(task, this.state.now(), this.state.linkView(), {
            dialects: new Set(this.state.dialects.list),
            language: null,
          }),
        ),
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      reason = controller.signal.aborted
        ? 'no answer within 10 s'
        : `network error: ${(error as Error).message}`;
    } finally {
      timeout.cancel();
      this.timers.delete(timeout);
      this.controllers.delete(controller);
    }
    if (status !== null && status >= 200 && status < 300) {
      this.record(task, url.href, attempt, 'delivered', status, 'answered 2xx');
    } else if (status !== null && status >= 400 && status < 500) {
      this.record(task, url.href, attempt, 'rejected', status, 'answered 4xx: no retry');
    } else {
      this.record(task, url.href, attempt, 'failed', status, reason || `answered ${status}`);
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay !== undefined && !this.stopped) {
        const timer = this.state.clock.schedule(this.state.scaled(delay), () => {
          this.timers.delete(timer);
          void this.attempt(task, url, attempt + 1);
        });
        this.timers.add(timer);
      }
    }
    this.inFlight--;
    if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private record(
    task: SimTask,
    url: string,
    attempt: number,
    outcome: WebhookDelivery['outcome'],
    status: number | null,
    reason: string,
  ): void {
    this.deliveries.push({ taskId: task.id, url, attempt, atMs: this.state.now(), outcome, status, reason });
  }
}
