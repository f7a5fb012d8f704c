// What a board will send, worked out before anything is: every shot's request with its cast resolved (the
// pictures of `@`-mentioned members in the family's reference field, the end frame in its last-frame field),
// every narration take (long text split at sentence ends under the speech limit), and the music operation.
// The same list is what the one price sums and what the spending limits measure, once, for the whole board.
import { FAMILIES } from '../../../shared/catalog';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { NO_ESTIMATE, type BatchEstimate, type CostEstimate } from '../../../shared/studio/estimates';
import { castField, resolveCast, type CastMemberDraft } from '../../../shared/studio/cast';
import { FRAME_FIELDS, narrationTakes, type Storyboard } from '../../../shared/studio/storyboard';
import { speechConfiguration, type SpeechRequest } from '../speech/speech-request';
import type { TaskConfiguration } from '../tasks/task-history';

/** The format narration takes are asked in: lossless, so joining them adds no second loss. */
export const NARRATION_FORMAT = 'flac';
const SPEAKER = /^@([A-Za-z][A-Za-z0-9_-]{0,39}):\s*/;

export interface PlannedNarration {
  shot: number;
  takes: SpeechRequest[];
}

export interface StoryboardPlan {
  shots: TaskConfiguration[];
  narration: PlannedNarration[];
  music: TaskConfiguration | null;
  /** Said before sending: cast members a shot names whose pictures its model cannot take. */
  notes: string[];
  /** Every paid part, shots first, then narration takes, then the music: what the price and the limits see. */
  requests: TaskConfiguration[];
  /** What each request is, in the same order ("Shot 2 · Video V1", "Narration 1.2", "Music"). */
  labels: string[];
}

/** The board's cast: its own members, and the studio's stored ones it does not name again. */
export function boardCast(board: Storyboard, stored: readonly CastMemberDraft[]): CastMemberDraft[] {
  const own = new Set(board.cast.map((m) => m.name.toLowerCase()));
  return [...board.cast, ...stored.filter((m) => !own.has(m.name.toLowerCase()))];
}

export function planStoryboard(board: Storyboard, stored: readonly CastMemberDraft[]): StoryboardPlan {
  const cast = boardCast(board, stored);
  const notes: string[] = [];
  const takers = Object.values(FAMILIES)
    .filter((f) => f.kind === 'video' && castField(f.id))
    .map((f) => f.label)
    .join(', ');
  const shots = board.shots.map((shot, i): TaskConfiguration => {
    const label = FAMILIES[shot.family].label;
    const resolved = resolveCast(shot.family, shot.prompt, cast, shot.cast);
    if (resolved.unknown.length > 0) {
      throw invalid(
        `Shot ${i + 1} names ${resolved.unknown.map((n) => `@${n}`).join(', ')}, but no cast member has that name.`,
        `shots.${i}.cast`,
      );
    }
    if (resolved.notSent.length > 0) {
      const names = resolved.notSent.join(', ');
      notes.push(
        castField(shot.family)
          ? `Shot ${i + 1} (${label}): the pictures of ${names} are not sent: ${label} takes at most ${castField(shot.family)?.maxItems ?? 0} reference images.`
          : `Shot ${i + 1} (${label}): the pictures of ${names} are not sent: ${label} takes no reference images (models that do: ${takers}).`,
      );
    }
    const frames = FRAME_FIELDS[shot.family];
    const params: Record<string, unknown> = {
      ...shot.params,
      ...(resolved.prompt.trim() ? { prompt: resolved.prompt } : {}),
      duration: shot.duration,
      ...resolved.params,
      ...(shot.endFrame !== undefined && frames ? { [frames.last]: shot.endFrame } : {}),
    };
    return { family: shot.family, model: shot.model, params };
  });
  const narration = board.shots.flatMap((shot, i): PlannedNarration[] => {
    const text = shot.narration.trim();
    if (!text) return [];
    if (!board.narration)
      throw invalid(`Shot ${i + 1} has narration, but the board names no speech model.`, 'narration');
    const speaker = SPEAKER.exec(text);
    const member = speaker ? cast.find((m) => m.name.toLowerCase() === speaker[1]?.toLowerCase()) : undefined;
    const spoken = speaker && member ? text.slice(speaker[0].length) : text;
    const voice = member?.voice ?? board.narration.voice;
    const { model, speed } = board.narration;
    const takes = narrationTakes(spoken).map((input): SpeechRequest => ({
      model,
      input,
      responseFormat: NARRATION_FORMAT,
      ...(voice !== undefined ? { voice } : {}),
      ...(speed !== undefined ? { speed } : {}),
    }));
    return [{ shot: i, takes }];
  });
  const music = board.music
    ? { family: board.music.family, model: board.music.model, params: board.music.params }
    : null;
  const requests = [
    ...shots,
    ...narration.flatMap((n) => n.takes.map(speechConfiguration)),
    ...(music ? [music] : []),
  ];
  const labels = [
    ...shots.map((s, i) => `Shot ${i + 1} · ${FAMILIES[s.family].label}`),
    ...narration.flatMap((n) =>
      n.takes.map((_, t) =>
        n.takes.length > 1 ? `Narration ${n.shot + 1}.${t + 1}` : `Narration ${n.shot + 1}`,
      ),
    ),
    ...(music ? ['Music'] : []),
  ];
  return { shots, narration, music, notes, requests, labels };
}

export interface StoryboardPrice {
  parts: { label: string; request: TaskConfiguration; estimate: CostEstimate }[];
  /** The sum of every part; null while any part has no estimate yet (a sum of the known ones would mislead). */
  totalUsd: number | null;
  /** Parts with no estimate. */
  unknown: number;
  notes: string[];
}

/** The one price for the whole board: every shot, narration take and the music, from the price book. */
export function priceStoryboard(
  plan: StoryboardPlan,
  estimate: (requests: readonly TaskConfiguration[]) => BatchEstimate,
): StoryboardPrice {
  const batch = estimate(plan.requests);
  const parts = plan.requests.map((request, i) => ({
    label: plan.labels[i] ?? '',
    request,
    estimate: batch.items[i] ?? NO_ESTIMATE,
  }));
  const unknown = parts.filter((p) => p.estimate.usd === null).length;
  const totalUsd = unknown > 0 ? null : parts.reduce((sum, p) => sum + (p.estimate.usd ?? 0), 0);
  return { parts, totalUsd, unknown, notes: plan.notes };
}

function invalid(message: string, param: string): GatewayError {
  return new GatewayError(localErrorInfo('validation_error', message, { param }));
}
