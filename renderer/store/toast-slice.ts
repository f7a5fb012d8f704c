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
}

export interface ToastLink {
  href: string;
  label: string;
}

export interface ToastSlice {
  toasts: Toast[];
  pushToast: (tone: ToastTone, text: string, link?: ToastLink) => number;
  dismissToast: (id: number) => void;
}

let nextToastId = 1;
const MAX_TOASTS = 4;

export const createToastSlice: StateCreator<StudioStore, [['zustand/persist', unknown]], [], ToastSlice> = (
  set,
) => ({
  toasts: [],
  pushToast: (tone, text, link) => {
    const id = nextToastId++;
    set((state) => ({
      toasts: [...state.toasts, { id, tone, text, ...(link ? { link } : {}) }].slice(-MAX_TOASTS),
    }));
    return id;
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
});
