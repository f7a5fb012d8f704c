// The refusals a person can cause from the Tasks page or the CLI come from the one error table, so the screen
// shows their sentence ("This cannot be done here: …", "That could not be found: …") instead of "Something went
// wrong inside the studio": sending again a task the gateway acknowledged, reconciling over a connection that
// cannot read usage, asking about a task that does not exist. Each is read the way the bridge reads it
// (toErrorInfo) and the way the CLI does (toCliError).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCliError } from '../../../electron/cli/cli-errors';
import type { DatabaseSync } from '../../../electron/core/db';
import type { GatewayPort } from '../../../electron/core/gateway/gateway-port';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { TaskEngine } from '../../../electron/core/tasks';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import { toErrorInfo } from '../../../shared/bridge/errors';
import type { TaskState } from '../../../shared/studio/records';
import { newTask } from '../../support/new-task';

let db: DatabaseSync;
let engine: TaskEngine;

/** A connection that offers nothing: no usage endpoint, and nothing is ever sent in these tests. */
const noGateway = {} as GatewayPort;

function task(id: string, state: TaskState, remoteId: string | null): void {
  const store = new TaskStore(db);
  store.insert(newTask({ id, createdAt: Date.UTC(2026, 10, 21) }), 'submitting');
  store.update(id, { state, remoteId, updatedAt: Date.UTC(2026, 10, 21) });
}

beforeEach(() => {
  db = openStudioDatabase(':memory:');
  engine = new TaskEngine({ db, gateway: noGateway, downloads: null });
});
afterEach(async () => {
  await engine.close();
  db.close();
});

async function refusal(work: Promise<unknown>) {
  const thrown: unknown = await work.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => error,
  );
  return { bridge: toErrorInfo(thrown), cli: toCliError(thrown) };
}

describe('refusals read from the error table', () => {
  it('sending again a task the gateway acknowledged', async () => {
    task('acked', 'completed', 'remote-1');
    const { bridge, cli } = await refusal(engine.retrySubmission('acked'));
    expect(bridge).toMatchObject({ type: 'unsupported', code: 'not_resendable' });
    expect(bridge.message).toMatch(/Only an interrupted task that the gateway never acknowledged/);
    expect(cli.body.type).toBe('unsupported');
  });

  it('reconciling over a connection that cannot read usage', async () => {
    task('lost', 'interrupted', null);
    const { bridge } = await refusal(engine.reconcile('lost'));
    expect(bridge).toMatchObject({ type: 'unsupported', code: 'no_usage' });
  });

  it('a task that does not exist', async () => {
    const { bridge, cli } = await refusal(engine.retrySubmission('nowhere'));
    expect(bridge).toMatchObject({
      type: 'not_found_error',
      message: 'No task with id nowhere.',
      param: 'id',
    });
    expect(cli.body.type).toBe('not_found_error');
    expect((await refusal(engine.waitFor('nowhere'))).bridge.type).toBe('not_found_error');
  });
});
