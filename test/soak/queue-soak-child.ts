// One life of the app's engine sending the queue, in the queue soak: opens the shared database, queues the
// whole plan on its first life (one transaction: all of it or none), starts with runQueue and runs until every
// item has left the line and its task is settled, or until the parent kills it with SIGKILL. Run with
// `node --import tsx`. Prints {"type":"ready"} once started and {"type":"done"} at the end.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { GatewayClient } from '../../electron/core/gateway/gateway-client';
import { Library } from '../../electron/core/library/library';
import { TaskEngine } from '../../electron/core/tasks/task-engine';
import { isTerminalState } from '../../shared/studio/records';
import { soakPlan } from './soak-plan';

interface ChildConfig {
  dbPath: string;
  libraryDir: string;
  baseUrl: string;
  apiKey: string;
  items: number;
  parallel: number;
}

const config = JSON.parse(process.env.SOAK_CONFIG ?? '{}') as ChildConfig;
const say = (message: Record<string, unknown>): void =>
  void process.stdout.write(`${JSON.stringify(message)}\n`);

const db = openStudioDatabase(config.dbPath);
const library = new Library({ db, dir: config.libraryDir });
const gateway = new GatewayClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: 3_000 });
const engine = new TaskEngine({
  db,
  gateway,
  runQueue: true,
  requestTimeoutMs: 3_000,
  budget: { requests: 40, perMs: 1_000 },
  polling: { maxRetryAfterMs: 5_000, maxGapMs: 2_000, errorBackoffMs: 200 },
  reconcileAfterMs: 60_000,
  downloads: {
    libraryDir: config.libraryDir,
    sink: library,
    maxAttempts: 12,
    backoffMs: 100,
    idleTimeoutMs: 3_000,
  },
});
const { queue } = engine;
if (queue.store.count(['waiting', 'sending', 'sent', 'failed', 'cancelled']) === 0) {
  queue.setParallel(config.parallel);
  await queue.add(
    soakPlan(config.items).map((p) => p.request),
    { key: 'queue-soak-press' },
  );
}
await engine.start();
say({ type: 'ready' });

// Done when no item waits or is being sent and every task the queue made has settled (an interrupted one is
// reported as possibly charged: settled as far as the queue is concerned).
const isDone = (): boolean => {
  if (queue.store.count(['waiting', 'sending']) > 0) return false;
  return engine
    .list()
    .every((t) => isTerminalState(t.state) && (t.state !== 'completed' || engine.isSettled(t)));
};
await new Promise<void>((resolve) => {
  const check = (): void => {
    if (isDone()) resolve();
  };
  engine.events.subscribe(check);
  // A backstop: the queue looks at its rows every 2 s, and a state nobody announces is still seen.
  setInterval(check, 1_000).unref();
  check();
});
await engine.close();
db.close();
say({ type: 'done' });
process.exit(0);
