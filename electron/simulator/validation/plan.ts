// What a valid submission turns into: everything the task store needs to play the task out.
import type { ErrorStyle } from '../errors';
import type { PaintRecipe } from '../media/paint-recipe';
import type { AckShape, TaskKind, TrackOrigin } from '../tasks';

export interface ImageSpec {
  width: number;
  height: number;
  /** Defaults to a gradient seeded by the task; the upscaler paints one quadrant of its grid. */
  paint?: PaintRecipe;
  /** An edit's picture (a PNG, base64): the answer is it, changed, at its size (media/edit-result.ts). */
  sent?: string;
}

export interface TrackSpec {
  title: string;
  origin: TrackOrigin;
  withVideo: boolean;
}

export type OutputPlan =
  | { kind: 'images'; images: ImageSpec[] }
  | { kind: 'videos'; count: number }
  | { kind: 'music'; tracks: TrackSpec[] };

export interface SubmissionPlan {
  kind: TaskKind;
  /** The model name billed in usage. */
  model: string;
  costUsd: number;
  /** Unscaled; the simulator multiplies by timeScale. */
  durationMs: number;
  /** Unscaled link lifetime after completion ([LIM-12]). */
  linkLifetimeMs: number;
  output: OutputPlan;
  ack: AckShape;
  errorStyle: ErrorStyle;
  enveloped: boolean;
  endpoint: 'tasks' | 'music';
}

export const SECOND = 1000;
export const HOUR = 3600 * SECOND;
export const DAY = 24 * HOUR;
/** Link lifetime where the spec gives none: seven days (documented in the README). */
export const DEFAULT_LINK_LIFETIME = 7 * DAY;
