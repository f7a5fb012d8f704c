// What a set of generations cost together: the library's current filter, the Tasks page's list. One task's
// charge counts once however many of its files are in the set; an item or task whose cost is not known is
// counted apart, never as zero.
export interface CostTotal {
  /** Items (library) or tasks (Tasks page) in the set. */
  count: number;
  /** USD charged for those with a known cost; null when none has one. */
  usd: number | null;
  /** The same in credits ([TASK-9]); null when a known charge lacks its credits (say it in USD then). */
  credits: number | null;
  /** How many in the set have no known cost (never counted as 0). */
  unknown: number;
}
