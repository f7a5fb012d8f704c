// Window size and position remembered across runs. A saved position is used only if it is still mostly on a
// connected display (a monitor may have been unplugged); otherwise the size is kept and the window centred.
import type { BrowserWindow, Rectangle } from 'electron';
import { z } from 'zod';
import type { KeyValueStore } from './key-value-store';

export const WINDOW_FIELD = 'window';

const savedSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(480).max(16384),
  height: z.number().int().min(360).max(16384),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof savedSchema>;

export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

function overlap(a: Rectangle, b: Rectangle): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function initialBounds(
  saved: unknown,
  workAreas: Rectangle[],
  fallback = { width: 1280, height: 820 },
): InitialBounds {
  const parsed = savedSchema.safeParse(saved);
  if (!parsed.success) return { ...fallback, maximized: false };
  const s = parsed.data;
  const visible = workAreas.some((area) => overlap(s, area) >= 0.5 * s.width * s.height);
  return visible
    ? { x: s.x, y: s.y, width: s.width, height: s.height, maximized: s.maximized }
    : { width: s.width, height: s.height, maximized: s.maximized };
}

type TrackedWindow = Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized' | 'isDestroyed'>;

/** Saves the state shortly after every move/resize and on close; returns a function that saves now. */
export function trackWindowState(win: TrackedWindow, store: KeyValueStore, delayMs = 500): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (win.isDestroyed()) return;
    const bounds = win.getNormalBounds();
    store.set(WINDOW_FIELD, { ...bounds, maximized: win.isMaximized() } satisfies WindowState);
  };
  const later = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('maximize', later);
  win.on('unmaximize', later);
  win.on('close', save);
  return save;
}
