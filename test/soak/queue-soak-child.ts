// One life of the app's engine sending the queue, in the queue soak: opens the shared database, queues the
// whole plan on its first life (one transaction: all of it or none), starts with runQueue and runs until every
// item has left the line and its task is settled, or until the parent kills it with SIGKILL. Run with
// `node --import tsx` (or its build: test/support/child-entry.ts). Prints {"type":"ready"} once started and {"type":"done"} at the end.
import { isTerminalState } from '../../shared/studio/records';
import { say, soakLife, type SoakLifeConfig } from './soak-life';
import { soakPlan } from './soak-plan';

interface ChildConfig extends SoakLifeConfig {
  items: number;
  parallel: number;
  /** The request budget: a tight one makes rows wait for a slot after they are written, where kills land. */
  requestsPerSecond?: number;
}

const config = JSON.parse(process.env.SOAK_CONFIG ?? '{}') as ChildConfig;
const { db, engine } = soakLife(config, {
  runQueue: true,
  reconcileAfterMs: 60_000,
  ...(config.requestsPerSecond ? { requestsPerSecond: config.requestsPerSecond } : {}),
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
  // A backstop: the queue looks at its rows every 2 s, and a state nobody announces is still seen. Held, not
  // unref'd, as in the recipe soak's child: unref'd, a life whose every other wait was unref'd emptied the loop and
  // Node ended with exit 13 (an unsettled top-level await), which failed this soak's run at 40 items once.
  setInterval(check, 1_000);
  check();
});
await engine.close();
db.close();
say({ type: 'done' });
process.exit(0);
