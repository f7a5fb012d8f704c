// What a task was made from, as the engine records it at submission and the library shows it both ways
// (made from → this → made from this). One row per source: a task may take several references.

/**
 * How a task came from its source: a re-run of a task (same settings), an edit of one (Create opened with its
 * settings, then changed), a library file used as a reference image or video, a track a music operation works
 * on ([SRC-1]), a grid an upscale picks from ([EP-GRID-1]), a shot a storyboard's cut is assembled from.
 */
export const MADE_FROM_RELATIONS = [
  'rerun',
  'edit',
  'reference',
  'music-source',
  'grid-source',
  'shot',
] as const;
export type MadeFromRelation = (typeof MADE_FROM_RELATIONS)[number];

export interface MadeFromLink {
  relation: MadeFromRelation;
  /** The task on the other side of the link. */
  taskId: string;
  /** The library item on the source side, when the source is one file (a reference); null for a whole task. */
  itemId: string | null;
}

/** Both directions of one task's links: what it was made from, and what was made from it. */
export interface MadeFromLinks {
  madeFrom: MadeFromLink[];
  madeFromThis: MadeFromLink[];
}
