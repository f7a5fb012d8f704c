// Submitting through the engine and, unless --no-wait, following the task to its files. Progress goes to
// stderr; the result is the task and the library items its downloads became.
import { byteSize } from '../../shared/studio/byte-size';
import { knownErrorType, localErrorInfo } from '../../shared/gateway/error-types';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import type { LibraryItem, TaskRecord } from '../../shared/studio/records';
import { slowChecksEnglish } from '../../shared/studio/slow-checks';
import type { CliContext, CliCore } from './cli-context';
import { cliError, CliError, EXIT, fromGatewayError } from './cli-errors';
import { formatItems, formatTask, taskJson } from './formatting';

export interface TaskOutcome {
  task: TaskRecord;
  items: LibraryItem[];
}

/** A task that ended badly, carried with the error so `--json` prints both in one document. */
export class TaskFailure extends CliError {
  constructor(
    error: CliError,
    readonly outcome: TaskOutcome,
  ) {
    super(error.exitCode, error.body);
  }
}

function failureOf(outcome: TaskOutcome, fileErrors: readonly string[] = []): TaskFailure | null {
  const { task } = outcome;
  if (task.state === 'cancelled') {
    // Ended at the gateway before its result: nothing to save, nothing charged, and not a success either.
    const info = localErrorInfo('task_failed', 'The gateway cancelled the task; it was not charged.', {
      code: 'cancelled',
    });
    return new TaskFailure(fromGatewayError(info), outcome);
  }
  if (task.state === 'failed' || task.state === 'interrupted' || task.state === 'stopped') {
    const type = task.state === 'failed' ? 'task_failed' : task.state;
    const info = task.error ?? localErrorInfo(type, `The task is ${task.state}.`);
    return new TaskFailure(fromGatewayError(info), outcome);
  }
  const d = task.downloads;
  if (task.state === 'completed' && d.total === 0 && outcome.items.length === 0) {
    // Charged and "done", yet nothing to show: that is not a success to report with exit 0.
    return new TaskFailure(
      cliError(
        EXIT.refused,
        'no_results',
        'The gateway reported the task completed but gave no result files.',
      ),
      outcome,
    );
  }
  if (task.state === 'completed' && (d.failed > 0 || d.expired > 0)) {
    const expiredOnly = d.failed === 0;
    const why = fileErrors.length ? ` ${fileErrors.join('; ')}.` : '';
    return new TaskFailure(
      cliError(
        expiredOnly ? EXIT.refused : EXIT.failure,
        expiredOnly ? 'link_expired' : 'download_failed',
        `${d.done} of ${d.total} files downloaded; ${d.failed} failed, ${d.expired} expired before they could be fetched.${why}`,
      ),
      outcome,
    );
  }
  return null;
}

/** Why each file that did not arrive did not, numbered as the task lists them ("file 2: HTTP 404"). */
function fileErrors(core: CliCore, taskId: string): string[] {
  return core.engine
    .files(taskId)
    .filter((f) => (f.state === 'failed' || f.state === 'expired') && f.error)
    .map((f) => `file ${f.ordinal + 1}: ${f.error}`);
}

/** Says on stderr how a task stands at each change (and its files' waits) until the returned function is called. */
export function followTask(ctx: CliContext, core: CliCore, taskId: string): () => void {
  const said = new Set<string>();
  let lastLine = '';
  const say = (task: TaskRecord): void => {
    const d = task.downloads;
    const files = d.total ? `, files ${d.done}/${d.total}` : '';
    // While the task is still moving, a stored error is why it waits (a rate limit, a resend under its key).
    const waiting = task.error && !core.engine.isSettled(task) ? ` (${task.error.message})` : '';
    // Past its poll budget: the app row's sentence (shared/studio/slow-checks.ts), so a long wait never looks stuck.
    const slow = slowChecksEnglish(task, core.clock.now());
    const line = `task ${task.remoteId ?? task.id}: ${task.state} ${task.progress}%${files}${waiting}${slow ? ` · ${slow}` : ''}`;
    if (line !== lastLine) ctx.out.progress(line);
    lastLine = line;
  };
  // Where it stands before anything is asked: a task an earlier run found past its budget says so at once.
  const now = core.engine.get(taskId);
  if (now && !core.engine.isSettled(now)) say(now);
  const offTask = core.engine.events.on('task', ({ task }) => {
    if (task.id !== taskId) return;
    say(task);
    for (const file of core.engine.files(taskId)) {
      const line = file.state === 'pending' && file.error ? `file ${file.ordinal + 1}: ${file.error}` : null;
      if (line && !said.has(line)) {
        said.add(line);
        ctx.out.note(line);
      }
    }
  });
  const offDownload = core.engine.events.on('download', (event) => {
    if (event.taskId !== taskId) return;
    const total = event.totalBytes ? ` of ${byteSize(event.totalBytes)}` : '';
    ctx.out.progress(`downloading: ${byteSize(event.receivedBytes)}${total}`);
  });
  return () => {
    offTask();
    offDownload();
  };
}

/**
 * The CLI's key is fixed for the run: a 401 while checking the task means it was revoked (or never worked),
 * and the engine, which waits for a usable key, would wait for ever. The wait ends with exit 1 instead.
 */
function keyRefused(core: CliCore, taskId: string, signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const off = core.onGatewayCall((event) => {
      // A refusal of the key that sent the task (kept from an earlier run, since revoked) is not the end: the
      // engine forgets it and asks with this run's key at once, and only that key's refusal ends the wait.
      if (event.status !== 401 || event.otherKeyRefused || !/^\/v1\/(music\/)?tasks\//.test(event.path))
        return;
      off();
      const remote = core.engine.get(taskId)?.remoteId ?? taskId;
      reject(
        cliError(
          EXIT.refused,
          knownErrorType(event.errorType, 401, 'authentication_error'),
          `The gateway refused the API key while checking the task (${event.message ?? 'HTTP 401'}). The task goes on at the gateway; with a working key, pick it up with: task ${remote} --wait`,
          { httpStatus: 401 },
        ),
      );
    });
    signal.addEventListener('abort', off, { once: true });
  });
}

/** Waits for a task of this library to settle: finished with every file filed, or failed. */
export async function settle(ctx: CliContext, core: CliCore, taskId: string): Promise<TaskOutcome> {
  const stop = followTask(ctx, core, taskId);
  try {
    await core.engine.start();
    const watching = new AbortController();
    const waiting = AbortSignal.any([ctx.signal, watching.signal]);
    const task = await Promise.race([
      core.engine.waitFor(taskId, waiting),
      settledElsewhere(core, taskId, waiting),
      keyRefused(core, taskId, waiting),
    ])
      .catch((error: unknown) => {
        if (!ctx.signal.aborted || error instanceof CliError) throw error;
        const remote = core.engine.get(taskId)?.remoteId;
        throw cliError(
          EXIT.failure,
          'interrupted',
          `Stopped waiting; the task goes on at the gateway. Pick it up with: task ${remote ?? taskId} --wait`,
        );
      })
      .finally(() => watching.abort());
    return { task, items: core.library.forTask(taskId) };
  } finally {
    stop();
  }
}

/** How often a waiting command reads its task's row for changes another process made. */
const ROW_WATCH_MS = 1_000;

/**
 * Another process on the same database (a second CLI, or the app sharing STUDIO_DATA_DIR) may settle the
 * task and file its downloads; this engine then never hears of it, because its own poll finds the row no
 * longer tracked. The row is the truth both share, so it is read again every second until it is settled.
 */
async function settledElsewhere(core: CliCore, taskId: string, signal: AbortSignal): Promise<TaskRecord> {
  for (;;) {
    await core.clock.sleep(ROW_WATCH_MS, signal);
    const record = core.engine.get(taskId);
    if (record && core.engine.isSettled(record)) return record;
  }
}

/** Why a settled task is not a success (its files' reasons included); null when it is one. */
export function outcomeFailure(core: CliCore, outcome: TaskOutcome): TaskFailure | null {
  return failureOf(outcome, fileErrors(core, outcome.task.id));
}

export function printOutcome(ctx: CliContext, outcome: TaskOutcome, now: number, core?: CliCore): void {
  const failure = failureOf(outcome, core ? fileErrors(core, outcome.task.id) : []);
  if (failure) throw failure;
  ctx.out.result({ task: taskJson(outcome.task), items: outcome.items }, () =>
    [formatTask(outcome.task, now), outcome.items.length ? formatItems(outcome.items) : '']
      .filter(Boolean)
      .join('\n'),
  );
}

/** --yes: confirm an estimate above the threshold; --over-budget: send past a budget (electron/core/spending). */
export interface SpendingFlags {
  yes?: boolean;
  overBudget?: boolean;
}

export async function submitAndFollow(
  ctx: CliContext,
  core: CliCore,
  request: SubmissionRequest,
  options: { wait: boolean; parentTaskId?: string | null } & SpendingFlags,
): Promise<void> {
  if (options.wait) await core.engine.start();
  ctx.out.progress(`submitting ${request.family} ${request.model}`.trim());
  const task = await core.engine.submit(request, {
    signal: ctx.signal,
    confirmed: Boolean(options.yes),
    overBudget: Boolean(options.overBudget),
    ...(options.parentTaskId !== undefined && { parentTaskId: options.parentTaskId }),
  });
  await followSubmitted(ctx, core, task, options.wait);
}

/** A task just sent: refused at once (exit non-zero), printed as it stands (--no-wait), or followed to its files. */
export async function followSubmitted(
  ctx: CliContext,
  core: CliCore,
  task: TaskRecord,
  wait: boolean,
): Promise<void> {
  const submitted: TaskOutcome = { task, items: [] };
  const refused = failureOf(submitted);
  if (refused) throw refused;
  if (!wait) {
    printOutcome(ctx, submitted, core.clock.now());
    return;
  }
  const settled = await settle(ctx, core, task.id);
  printOutcome(ctx, settled, core.clock.now(), core);
}
