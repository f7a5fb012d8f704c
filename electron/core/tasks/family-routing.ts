// What the engine needs to know about a family before the ack arrives: its task kind, poll endpoint and whether
// it carries an Idempotency-Key, all read from the catalog (the one source of truth for families).
// The ack's own endpoint wins once it is known ([EP-TASK-1], [EP-MUSIC-1]).
import { FAMILIES } from '../../../shared/catalog/families';
import type { FamilyId, TaskEndpoint, TaskKind } from '../../../shared/catalog/family-ids';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

const synchronous = (family: FamilyId): Error =>
  studioRefusal('unsupported', `The ${family} family answers at once and never becomes a task.`, {
    code: 'synchronous_family',
  });

export function taskKindOf(family: FamilyId): TaskKind {
  const kind = FAMILIES[family].kind;
  if (kind === 'speech') throw synchronous(family);
  return kind;
}

export function pollEndpointOf(family: FamilyId): TaskEndpoint {
  const endpoint = FAMILIES[family].taskEndpoint;
  if (!endpoint) throw synchronous(family);
  return endpoint;
}

/** [EP-IMAGE-I2HDR-1] A family whose submissions carry an Idempotency-Key is safe to resend after a crash. */
export function usesIdempotencyKey(family: FamilyId): boolean {
  return FAMILIES[family].idempotencyKey;
}
