// One builder for the task rows tests insert straight into the TaskStore (a studio that already has tasks), in
// the manner of library-item.ts: a complete row, an I3 picture by default, with only what a test cares about
// given. The kind and the endpoint follow from the family, as the catalog says, so a test cannot pair them wrong.
import type { NewTask } from '../../electron/core/tasks/task-store';
import { FAMILIES } from '../../shared/catalog';
import { taskKindSchema } from '../../shared/catalog/family-ids';

export function newTask(fields: Partial<NewTask> & Pick<NewTask, 'id' | 'createdAt'>): NewTask {
  const family = fields.family ?? 'image.i3';
  return {
    family,
    model: 'image_model_id_i3',
    kind: taskKindSchema.parse(FAMILIES[family].kind),
    endpoint: FAMILIES[family].taskEndpoint ?? 'tasks',
    params: { prompt: 'a fox' },
    webhook: null,
    idempotencyKey: null,
    parentTaskId: null,
    ...fields,
  };
}
