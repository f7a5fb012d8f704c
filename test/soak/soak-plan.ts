// What the soak submits: a mix of families, each task tagged in its prompt so the simulator's own record of
// what it created can be matched to the app's rows (duplicates, charges of lost answers).
import type { SubmissionRequest } from '../../shared/gateway/normalized';

export interface PlannedTask {
  tag: string;
  request: SubmissionRequest;
}

export function soakPlan(count: number): PlannedTask[] {
  return Array.from({ length: count }, (_, k) => {
    const tag = `soak-${String(k).padStart(4, '0')}`;
    const prompt = `${tag} a lighthouse at dusk`;
    const kinds: SubmissionRequest[] = [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt, size: '16:9', resolution: '1K' } },
      // I2 is the family whose Idempotency-Key the spec promises: its lost answers are resent and recovered.
      { family: 'image.i2', model: 'image_model_id_i2', params: { prompt, n: 1 + (k % 2) } },
      { family: 'image.i4', model: 'image_model_id_i4', params: { prompt, size: '16:9' } },
      {
        family: 'video.v1',
        model: 'video_model_id_v1_turbo',
        params: { prompt, duration: 5, resolution: '720p' },
      },
    ];
    return { tag, request: kinds[k % kinds.length] as SubmissionRequest };
  });
}

/** The tag a row or a simulator task carries, from its prompt. */
export function tagOf(params: Readonly<Record<string, unknown>>): string | null {
  const match = typeof params.prompt === 'string' ? /^soak-\d{4}/.exec(params.prompt) : null;
  return match ? match[0] : null;
}
