// The styles switched on under the prompt (chips), kept while the person moves between families: a house
// style stays on until it is taken off. The submission composes the prompt from them (shared applyStyles).
import { create } from 'zustand';
import { applyStyles, type AppliedStyle } from '../../../shared/studio/presets';

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

/** A request with its prompt composed from the styles on (a family without a text prompt is left as it is). */
export function styledRequest<R extends { params: Record<string, unknown> }>(
  request: R,
  styles: readonly AppliedStyle[],
): R {
  const prompt = request.params.prompt;
  if (styles.length === 0 || typeof prompt !== 'string') return request;
  return { ...request, params: { ...request.params, prompt: applyStyles(prompt, styles) } };
}
