// Works out what a submission was made from, from facts the engine holds when it writes the row: the task it
// re-runs or edits, the source a music operation or upscale names, and each library file among its
// references (a `studio-ref:` whose bytes are a library item's, or a link the library downloaded).
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import { collectStrings, referenceSha } from '../../../shared/studio/references';

/** A library file, as far as made-from needs it. */
export interface LibraryFileRef {
  itemId: string;
  /** The task that made it; null for a file no task made (speech). */
  taskId: string | null;
}

/** Looks library files up by content hash and by the gateway link they were downloaded from. */
export interface LibraryFileIndex {
  bySha256(sha256: string): LibraryFileRef | null;
  byRemoteUrl(url: string): LibraryFileRef | null;
}

export interface MadeFromFacts {
  family: FamilyId;
  /** The stored params (references already interned as `studio-ref:`). */
  params: Record<string, unknown>;
  madeFrom: { relation: 'rerun' | 'edit'; taskId: string } | null;
  /**
   * The local task a music operation or upscale works on, when known. Only those families name a source
   * ([SRC-1], [EP-GRID-1]): for any other (a recipe's video step, whose parent is the picture before it) this is
   * ignored, since that parent is already linked by what it passed on (a reference).
   */
  sourceTask: string | null;
  library: LibraryFileIndex | null;
}

const isLink = (s: string): boolean => /^https?:\/\//i.test(s);

/** The families whose `task_id` names the task they work on: a music operation's track, an upscale's grid. */
export function namesSource(family: FamilyId): boolean {
  return family.startsWith('music.') || family === 'grid.upscale';
}

export function madeFromLinks(facts: MadeFromFacts): MadeFromLink[] {
  const links: MadeFromLink[] = [];
  if (facts.madeFrom) links.push({ ...facts.madeFrom, itemId: null });
  if (facts.sourceTask && namesSource(facts.family)) {
    const relation = facts.family === 'grid.upscale' ? 'grid-source' : 'music-source';
    links.push({ relation, taskId: facts.sourceTask, itemId: null });
  }
  const library = facts.library;
  if (!library) return links;
  // A source family's task_id is a source id, never a file; every other string may be a reference.
  const { task_id: _source, ...rest } = facts.params;
  for (const value of collectStrings(rest, (s) => referenceSha(s) !== null || isLink(s))) {
    const sha = referenceSha(value);
    const file = sha ? library.bySha256(sha) : library.byRemoteUrl(value);
    if (file?.taskId) links.push({ relation: 'reference', taskId: file.taskId, itemId: file.itemId });
  }
  return links;
}
