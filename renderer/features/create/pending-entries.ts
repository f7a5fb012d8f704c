// Text a person typed into a list field but has not added yet (a link in the reference box). Pressing Generate
// means "send what I typed" too, so the form asks every such field to add its pending entry before it validates.
import { createContext, useContext, useEffect, useRef } from 'react';

export type PendingEntries = Set<() => void>;

export const PendingEntriesContext = createContext<PendingEntries | null>(null);

/** Registers `commit` (kept current across renders) to run when the form is submitted. */
export function usePendingEntry(commit: () => void): void {
  const entries = useContext(PendingEntriesContext);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => {
    if (!entries) return;
    const run = () => latest.current();
    entries.add(run);
    return () => {
      entries.delete(run);
    };
  }, [entries]);
}

/** Runs every registered commit; the caller then reads the form's values. */
export function commitPendingEntries(entries: PendingEntries): void {
  for (const commit of entries) commit();
}
