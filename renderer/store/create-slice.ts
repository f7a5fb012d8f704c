// The Create page's latest submission. UI state that outlives the page: leaving Create for Tasks or the Library
// and coming back still shows the task just sent (its live record comes from the query cache by id).
import type { StateCreator } from 'zustand';
import type { FamilyId } from '../../shared/catalog/family-ids';
import type { TaskRecord } from '../../shared/studio/records';
import type { StudioStore } from './store-types';

/**
 * What another page hands to Create: a whole form ("Edit and run again", a dropped file's settings)
 * or one value to add ("Use as reference"). The form of `family` takes it once, when it mounts or sees it.
 */
export interface CreateDraft {
  /** Distinguishes two drafts with the same content, so the form takes each once. */
  id: number;
  family: FamilyId;
  /** The model id to select; null keeps the form's. */
  model: string | null;
  /** Field values: with `replace` the whole form is these (over the defaults), otherwise they are added. */
  values: Record<string, unknown>;
  replace: boolean;
  /** The task whose settings these are: the submission is recorded as an edit of it. */
  editOf: string | null;
}

/** The task just sent and the gateway it went to ('demo' or the base URL): shown only while that one is in use. */
export interface LatestTask {
  task: TaskRecord;
  gateway: string | null;
}

export interface CreateSlice {
  lastSubmitted: LatestTask | null;
  setLastSubmitted: (latest: LatestTask | null) => void;
  draft: CreateDraft | null;
  setDraft: (draft: Omit<CreateDraft, 'id'>) => void;
  clearDraft: (id: number) => void;
  /** The earlier task whose settings the family's form holds: its submissions are recorded as edits of it. */
  editing: { family: FamilyId; taskId: string } | null;
  stopEditing: () => void;
}

let nextDraftId = 1;

export const createCreateSlice: StateCreator<StudioStore, [['zustand/persist', unknown]], [], CreateSlice> = (
  set,
) => ({
  lastSubmitted: null,
  setLastSubmitted: (lastSubmitted) => set({ lastSubmitted }),
  draft: null,
  setDraft: (draft) =>
    set((state) => ({
      draft: { ...draft, id: nextDraftId++ },
      // A whole new set of settings starts a new edit (or none); a value added keeps the current one.
      editing: draft.replace
        ? draft.editOf
          ? { family: draft.family, taskId: draft.editOf }
          : null
        : state.editing,
    })),
  clearDraft: (id) => set((state) => (state.draft?.id === id ? { draft: null } : {})),
  editing: null,
  stopEditing: () => set({ editing: null }),
});
