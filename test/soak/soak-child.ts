// One life of the engine in the soak: opens the shared database, resumes, submits what the plan still lacks,
// and runs until every task is settled (or until the parent kills it with SIGKILL). Run with
// `node --expose-gc --import tsx` (or its build). Reports its memory on stdout as JSON lines: its heap right after start, then
// its settled heap (after a full GC, so garbage not yet collected does not read as growth) each time the count
// of settled tasks crosses a milestone; prints {"type":"done"} when all is settled.
import type { TaskRecord } from '../../shared/studio/records';
import { say, soakLife, type SoakLifeConfig } from './soak-life';
import { soakPlan, tagOf } from './soak-plan';

interface ChildConfig extends SoakLifeConfig {
  tasks: number;
  /** Sample the settled heap each time this many more tasks have settled. */
  sampleEvery: number;
}

const config = JSON.parse(process.env.SOAK_CONFIG ?? '{}') as ChildConfig;
const { db, engine } = soakLife(config, { reconcileAfterMs: 1_000 });
await engine.start();

const reconcileTries = new Map<string, number>();
const isDone = (task: TaskRecord): boolean => {
  if (task.state === 'completed')
    return engine.isSettled(task) && task.downloads.missing.every((m) => m.retryAt === null);
  if (task.state === 'interrupted' && !task.remoteId)
    return task.reconciliation !== null || (reconcileTries.get(task.id) ?? 0) >= 5;
  return task.state === 'failed' || task.state === 'stopped';
};

// The heap the engine holds once garbage is gone: what would grow if it leaked per task.
const settledHeap = (): number => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const countSettled = (): number => engine.list().filter(isDone).length;
// A first sample as soon as the engine runs, so that even a life killed early says what it started from.
say({ type: 'mem-start', settled: countSettled(), heapUsed: settledHeap() });
let nextMilestone = (Math.floor(countSettled() / config.sampleEvery) + 1) * config.sampleEvery;

const plan = soakPlan(config.tasks);
const present = new Set(engine.list().map((t) => tagOf(t.params)));
for (const planned of plan) {
  if (!present.has(planned.tag)) void engine.submit(planned.request).catch(() => undefined);
}

// The loop wakes when the engine tells of a change, or when a lost answer's reconcile comes due, never on a
// fixed beat. A change told while the loop is busy (reconciling) is kept in `changed`, so none is missed; the
// backstop only bounds how long a state no event announces could go unchecked.
const RECONCILE_AFTER_MS = 3_000;
const RECONCILE_SPACING_MS = 1_000;
const BACKSTOP_MS = 5_000;
const lastTry = new Map<string, number>();
let changed = true;
let wake: (() => void) | null = null;
engine.events.subscribe(() => {
  changed = true;
  wake?.();
});
const nextChange = (dueInMs: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => ((wake = null), resolve()), Math.max(0, Math.min(dueInMs, BACKSTOP_MS)));
    wake = () => {
      wake = null;
      clearTimeout(timer);
      resolve();
    };
  });

let dueInMs = BACKSTOP_MS;
for (;;) {
  if (!changed) await nextChange(dueInMs);
  changed = false;
  dueInMs = BACKSTOP_MS;
  const tasks = engine.list();
  const settled = tasks.filter(isDone).length;
  if (settled >= nextMilestone) {
    say({ type: 'mem', settled, heapUsed: settledHeap() });
    nextMilestone = (Math.floor(settled / config.sampleEvery) + 1) * config.sampleEvery;
  }
  for (const task of tasks) {
    // Reconcile what may have been charged unseen, as the app does on its own timer, but without waiting.
    if (task.state !== 'interrupted' || task.remoteId || task.reconciliation) continue;
    const tries = reconcileTries.get(task.id) ?? 0;
    if (tries >= 5) continue;
    // The gateway books a charge when the task completes: give a lost one time to finish upstream first, and
    // a failed try a moment before the next.
    const due = Math.max(
      task.updatedAt + RECONCILE_AFTER_MS,
      (lastTry.get(task.id) ?? 0) + RECONCILE_SPACING_MS,
    );
    if (Date.now() < due) {
      dueInMs = Math.min(dueInMs, due - Date.now());
      continue;
    }
    reconcileTries.set(task.id, tries + 1);
    lastTry.set(task.id, Date.now());
    await engine.reconcile(task.id).catch(() => undefined);
    // A try changes what is done (five tries end a task's wait) even when the engine tells of nothing.
    changed = true;
  }
  if (tasks.length >= plan.length && tasks.every(isDone)) {
    // The last task may have become done within this pass (its fifth reconcile try), after the milestone check
    // above: the run's last milestone is still sampled, so the table's last figure is at every task settled.
    if (tasks.length >= nextMilestone) say({ type: 'mem', settled: tasks.length, heapUsed: settledHeap() });
    break;
  }
}
await engine.close();
db.close();
say({ type: 'done' });
process.exit(0);
