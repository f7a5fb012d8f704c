// The gateway's "string ratio" (size, aspect_ratio): one rule, read by the app's catalog (the form and the core
// check a press with it) and by the simulator (the demo gateway answers with it). It lives beside the other
// server plumbing the simulator may import so that a ratio the form takes is never one the demo refuses.

const RATIO = /^\d+(\.\d+)?:\d+(\.\d+)?$/;

/**
 * Two numbers above zero around a colon (4:5, 2.39:1): a zero side would be a frame without pixels, and a side
 * too long to be a finite number could not be drawn at all.
 */
export function isRatio(value: string): boolean {
  return (
    RATIO.test(value) && value.split(':').every((side) => Number(side) > 0 && Number.isFinite(Number(side)))
  );
}
