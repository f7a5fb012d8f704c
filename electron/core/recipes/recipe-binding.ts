// A recipe step's request bound to what the step before it saved: the picture as a stored reference, a grid's or
// a track's task, another medium by its link. Apart from the runner, which only says when a step goes.
import { takesPictures } from '../../../shared/catalog/families';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { bindField, type RecipeStep, type stepRequest } from '../../../shared/studio/recipes';
import type { RecipePorts } from './recipe-runner';
import { notSaved } from './recipe-stops';

/** The step's request with the previous step's saved result in its bound field. */
export async function boundRequest(
  ports: Pick<RecipePorts, 'itemsOf' | 'asReference'>,
  request: ReturnType<typeof stepRequest>,
  step: RecipeStep,
  previous: string | null,
): Promise<SubmissionRequest> {
  if (!step.bind || previous === null) return request;
  const field = bindField(step.family, step.bind);
  const items = await ports.itemsOf(previous);
  const params = { ...request.params };
  if (step.bind === 'grid') {
    const remote = items[0]?.remoteTaskId;
    if (!remote) throw new GatewayError(notSaved(0));
    params.task_id = remote;
  } else if (step.bind === 'track') {
    const track = items.find((it) => it.kind === 'audio' && it.trackIndex !== null);
    if (!track?.remoteTaskId) throw new GatewayError(notSaved(0));
    params.task_id = track.remoteTaskId;
    params.audio_index = track.trackIndex;
  } else if (field) {
    const item = items.find((it) => it.kind === step.bind);
    if (!item) throw new GatewayError(notSaved(0));
    // A picture goes as a stored reference (the gateway's own link expires); other media by their link.
    const value =
      step.bind === 'image' && takesPictures(field) ? await ports.asReference(item) : item.remoteUrl;
    if (!value) throw new GatewayError(notSaved(0));
    params[field.name] = [value];
  }
  return { ...request, params };
}
