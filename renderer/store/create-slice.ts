// The Create page's latest submission. UI state that outlives the page: leaving Create for Tasks or the Library
// and coming back still shows the task just sent (its live record comes from the query cache by id).
import type { StateCreator } from 'zustand';
import type { TaskRecord } from '../../shared/studio/records';
import type { StudioStore } from './store-types';

export interface CreateSlice {
  lastSubmitted: TaskRecord | null;
  setLastSubmitted: (task: TaskRecord | null) => void;
}

export const createCreateSlice: StateCreator<StudioStore, [['zustand/persist', unknown]], [], CreateSlice> = (
  set,
) => ({
  lastSubmitted: null,
  setLastSubmitted: (lastSubmitted) => set({ lastSubmitted }),
});
