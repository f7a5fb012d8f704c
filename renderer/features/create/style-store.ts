// The styles switched on under the prompt (chips), kept while the person moves between families: a house
// style stays on until it is taken off. The press composes the prompt from them (shared/studio/press.ts).
import { create } from 'zustand';
import type { AppliedStyle } from '../../../shared/studio/presets';

interface StyleState {
  active: AppliedStyle[];
  toggle: (style: AppliedStyle) => void;
  set: (styles: AppliedStyle[]) => void;
}

export const useActiveStyles = create<StyleState>((set) => ({
  active: [],
  toggle: (style) =>
    set((state) => ({
      active: state.active.some((s) => s.id === style.id)
        ? state.active.filter((s) => s.id !== style.id)
        : [...state.active, style],
    })),
  set: (active) => set({ active }),
}));
