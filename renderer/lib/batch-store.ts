// Batches in the renderer (issues 9 and 13): the batch last sent from Create, whose progress bar Create shows
// wherever the person went in between, and the batch the library is filtered to. Its own small store so the
// Create form, its side panel and the library share the one value without threading it through pages.
import { create } from 'zustand';
import type { TaskBatch } from '../../shared/studio/records';

interface BatchState {
  /** The batch last sent from Create (its progress bar). */
  current: TaskBatch | null;
  /** The batch the library shows alone; null for the whole library. */
  libraryFilter: TaskBatch | null;
  setCurrent: (batch: TaskBatch | null) => void;
  filterLibrary: (batch: TaskBatch | null) => void;
}

export const useBatchStore = create<BatchState>()((set) => ({
  current: null,
  libraryFilter: null,
  setCurrent: (current) => set({ current }),
  filterLibrary: (libraryFilter) => set({ libraryFilter }),
}));
