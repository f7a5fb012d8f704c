// Transient notices (a task finished, a setting was saved, an error the user should read).
import type { StateCreator } from 'zustand';
import type { StudioStore } from './store-types';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  /** Already translated: the caller owns the wording. */
  text: string;
  /** Where the thing the toast speaks of can be seen (an app route, e.g. the task just started). */
  link?: ToastLink;
  /** A button that acts on what the toast says (Undo); the toast leaves once it is pressed. */
  action?: ToastAction;
  /** How long the toast stays when nobody points at it or focuses it; a default otherwise. */
  durationMs?: number;
}

export interface ToastAction {
  label: string;
  run: () => void;
  /** Ctrl/Cmd+Z outside a text field presses the newest Undo on screen. */
  undo?: boolean;
}

export interface ToastOptions {
  link?: ToastLink;
  action?: ToastAction;
  durationMs?: number;
}

export interface ToastLink {
  href: string;
  label: string;
}

export interface ToastSlice {
  toasts: Toast[];
  pushToast: (tone: ToastTone, text: string, link?: ToastLink | ToastOptions) => number;
  dismissToast: (id: number) => void;
}

let nextToastId = 1;
const MAX_TOASTS = 4;

export const createToastSlice: StateCreator<StudioStore, [['zustand/persist', unknown]], [], ToastSlice> = (
  set,
) => ({
  toasts: [],
  pushToast: (tone, text, extra) => {
    const id = nextToastId++;
    // A bare link is the older call shape (Run again's toast); options carry an action or a duration too.
    const options: ToastOptions = extra && 'href' in extra ? { link: extra } : (extra ?? {});
    set((state) => ({
      toasts: [...state.toasts, { id, tone, text, ...options }].slice(-MAX_TOASTS),
    }));
    return id;
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
});
