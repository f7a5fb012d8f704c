// The viewer's zoom and pan as plain arithmetic, so the rules (zoom about the pointer, clamps, fit) are tested
// without a browser. Offsets are in screen pixels from the stage's centre to the picture's centre.

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 16;
/** One wheel notch or one +/− press multiplies or divides the scale by this. */
export const ZOOM_STEP = 1.25;

export interface ZoomState {
  /** null: fitted to the stage (and centred); a number: that many screen pixels per image pixel. */
  scale: number | null;
  x: number;
  y: number;
}

export const FIT: ZoomState = { scale: null, x: 0, y: 0 };

export interface Size {
  width: number;
  height: number;
}

/** The scale at which the whole picture fits the stage; never above 1, so a small picture is not blown up. */
export function fitScale(image: Size, stage: Size): number {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(1, stage.width / image.width, stage.height / image.height);
}

export function effectiveScale(state: ZoomState, fit: number): number {
  return state.scale ?? fit;
}

const clamp = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * Multiplies the scale by `factor`, keeping the image point under `at` (screen px from the stage centre)
 * where it is, as image viewers do for the wheel; +/− zoom about the centre (at = 0,0).
 */
export function zoomBy(state: ZoomState, fit: number, factor: number, at = { x: 0, y: 0 }): ZoomState {
  const from = effectiveScale(state, fit);
  const to = clamp(from * factor);
  const ratio = to / from;
  return { scale: to, x: at.x - (at.x - state.x) * ratio, y: at.y - (at.y - state.y) * ratio };
}

/** 100 %: one image pixel to one screen pixel, centred. */
export function actualSize(): ZoomState {
  return { scale: 1, x: 0, y: 0 };
}

export function panBy(state: ZoomState, dx: number, dy: number): ZoomState {
  // A fitted picture has nothing hidden to pan to.
  if (state.scale === null) return state;
  return { ...state, x: state.x + dx, y: state.y + dy };
}
