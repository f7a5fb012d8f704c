// One press, several tasks: some gateways answer n > 1 with Shape A's array holding one task per picture
// ([ACK-2] allows a list). Every task of that answer is the press's: each gets a row of its own (the same request,
// the same batch), is tracked and downloaded like the first, and its files land in the library beside the first's.
import type { TaskStatus } from '../../../shared/gateway/normalized';
import type { EngineContext } from './engine-context';
import type { Tracker } from './tracker';

export function fileSiblingTask(
  ctx: EngineContext,
  tracker: Tracker,
  newId: () => string,
  /** Marks the row as spent on the gateway in use, as the first's was (spending-guard.ts stamp). */
  stamp: (taskId: string) => void,
  firstId: string,
  remoteId: string,
  status: TaskStatus,
): void {
  const first = ctx.tasks.store.require(firstId);
  // The same answer read twice (a retried poll of an I2 key) must not file a task twice.
  const known = ctx.tasks.store.findByRemoteId(remoteId);
  if (known && known.record.id !== firstId) return;
  const { record } = first;
  const id = newId();
  const now = ctx.clock.now();
  ctx.tasks.store.insert(
    {
      id,
      family: record.family,
      model: record.model,
      kind: record.kind,
      endpoint: record.endpoint,
      params: record.params,
      webhook: first.webhook,
      // Acknowledged already, so never resent: it needs no key of its own.
      idempotencyKey: null,
      parentTaskId: record.parentTaskId,
      createdAt: record.createdAt,
      batch: record.batch ?? null,
    },
    'submitting',
  );
  stamp(id);
  ctx.tasks.update(id, {
    remoteId,
    state: status,
    sentAt: first.sentAt,
    trackingStartedAt: now,
    ...(record.estimatedTime !== null && { estimatedTime: record.estimatedTime }),
  });
  tracker.begin(id);
}
