// What a form's pieces do when Generate is pressed, before the form validates: add text a person typed but has
// not added yet (a link in the reference box: pressing Generate means "send what I typed" too), then let a
// piece refuse the submission with its own sentence (a source track the operation does not take).
import { createContext, useContext, useEffect, useRef } from 'react';

/** A commit adds its pending entry; a guard answers false to stop the submission (it shows why itself). */
export interface PendingEntries {
  commits: Set<() => void>;
  guards: Set<() => boolean>;
}

export function createPendingEntries(): PendingEntries {
  return { commits: new Set(), guards: new Set() };
}

export const PendingEntriesContext = createContext<PendingEntries | null>(null);

/** Keeps `fn` (current across renders) in one of the form's sets while the component is mounted. */
function useRegistered<T extends () => unknown>(pick: (entries: PendingEntries) => Set<T>, fn: T): void {
  const entries = useContext(PendingEntriesContext);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (!entries) return;
    const set = pick(entries);
    const run = (() => latest.current()) as T;
    set.add(run);
    return () => {
      set.delete(run);
    };
  }, [entries, pick]);
}

const commitsOf = (entries: PendingEntries) => entries.commits;
const guardsOf = (entries: PendingEntries) => entries.guards;

/** Registers `commit` to run when the form is submitted, before it validates. */
export function usePendingEntry(commit: () => void): void {
  useRegistered(commitsOf, commit);
}

/** Registers `guard`, asked after the commits: false stops the submission. */
export function useSubmitGuard(guard: () => boolean): void {
  useRegistered(guardsOf, guard);
}

/** Runs every commit, then every guard; true when the submission may go on to validation. */
export function commitPendingEntries(entries: PendingEntries): boolean {
  for (const commit of entries.commits) commit();
  let ok = true;
  for (const guard of entries.guards) ok = guard() && ok;
  return ok;
}
