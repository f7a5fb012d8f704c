// The batch last sent from Create, whose progress bar Create shows wherever the person went in between. Its own
// small store so the Create form and its side panel share the one value without threading it through pages.
// (The batch the library shows alone is part of the library's address, not kept here.)
import { create } from 'zustand';
import type { TaskBatch } from '../../shared/studio/records';

interface BatchState {
  /** The batch last sent from Create (its progress bar). */
  current: TaskBatch | null;
  setCurrent: (batch: TaskBatch | null) => void;
}

export const useBatchStore = create<BatchState>()((set) => ({
  current: null,
  setCurrent: (current) => set({ current }),
}));
