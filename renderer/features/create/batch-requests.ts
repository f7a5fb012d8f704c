// What one press of Generate sends when Batch is on: one task per non-empty line of the prompt, each line
// `takes` times (three lines × 2 = six tasks). The form, the estimate beside the button and the spending check
// all build the press from this one function, so what is estimated is what is sent.
import type { SubmissionRequest } from '../../../shared/gateway/normalized';

export interface BatchSettings {
  on: boolean;
  /** How many tasks per prompt line (the "× n"). */
  takes: number;
}

export const NO_BATCH: BatchSettings = { on: false, takes: 1 };
export const MAX_TAKES = 10;
/** The bridge and the engine take at most 100 tasks at one press. */
export const MAX_BATCH_TASKS = 100;

export function promptLines(prompt: unknown): string[] {
  if (typeof prompt !== 'string') return [];
  return prompt
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function batchRequests(request: SubmissionRequest, batch: BatchSettings): SubmissionRequest[] {
  if (!batch.on) return [request];
  const takes = Math.min(Math.max(Math.trunc(batch.takes) || 1, 1), MAX_TAKES);
  return promptLines(request.params.prompt).flatMap((prompt) =>
    Array.from({ length: takes }, () => ({ ...request, params: { ...request.params, prompt } })),
  );
}
