// What every soak shares: its result (a table of measures and the targets it missed), the one way a table is
// printed, and the seeded randomness that places the kills, so a run can be repeated with its seed.

/** A soak's result: the measures in order, and each target missed in a sentence (none: all met). */
export interface SoakTable {
  rows: [string, number | string][];
  problems: string[];
}

/** The table as docs/engine.md shows it, then "targets met" or the targets missed. */
export function formatSoakTable(report: SoakTable): string {
  const width = Math.max(...report.rows.map(([label]) => label.length));
  const lines = report.rows.map(([label, value]) => `| ${label.padEnd(width)} | ${String(value)} |`);
  return [
    `| ${'measure'.padEnd(width)} | result |`,
    `| ${'-'.repeat(width)} | ------ |`,
    ...lines,
    '',
    report.problems.length === 0 ? 'targets met' : `targets missed:\n- ${report.problems.join('\n- ')}`,
  ].join('\n');
}

/** A repeatable stream of numbers in [0, 1) from a seed (a linear congruential generator). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** When a life is killed: between 300 ms (past the child's start) and `maxLifeMs`. */
export const killAfterMs = (random: () => number, maxLifeMs = 4_000): number =>
  Math.round(300 + random() * (maxLifeMs - 300));
