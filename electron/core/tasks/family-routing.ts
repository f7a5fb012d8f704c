// What the engine needs to know about a family before the ack arrives: its task kind and poll endpoint,
// both from the catalog. The ack's own endpoint wins once it is known ([EP-TASK-1], [EP-MUSIC-1]).
import { FAMILIES } from '../../../shared/catalog/families';
import type { FamilyId, TaskEndpoint, TaskKind } from '../../../shared/catalog/family-ids';

export function taskKindOf(family: FamilyId): TaskKind {
  if (family.startsWith('image.')) return 'image';
  if (family.startsWith('video.')) return 'video';
  if (family.startsWith('music.')) return 'music';
  if (family === 'grid.upscale') return 'upscale';
  throw new Error(`family ${family} is synchronous and never becomes a task`);
}

export function pollEndpointOf(family: FamilyId): TaskEndpoint {
  const endpoint = FAMILIES[family].taskEndpoint;
  if (!endpoint) throw new Error(`family ${family} is synchronous and never becomes a task`);
  return endpoint;
}

/** [EP-IMAGE-I2HDR-1] Only this family carries an Idempotency-Key, which makes its submission safe to retry. */
export function usesIdempotencyKey(family: FamilyId): boolean {
  return family === 'image.i2';
}
