// What every bench module shares: the outcome run.ts collects, the printer that both logs a line and keeps it for
// that outcome, and order statistics over samples. (Seeded randomness is the simulator's createPrng, so a bench
// draws the same data on every run.)
export interface BenchOutcome {
  name: string;
  pass: boolean;
  lines: string[];
}

/** `say` logs a line and keeps it in `lines`, which the bench returns in its outcome. */
export function benchPrinter(log: (line: string) => void): { lines: string[]; say: (line: string) => void } {
  const lines: string[] = [];
  return {
    lines,
    say: (line) => {
      lines.push(line);
      log(line);
    },
  };
}

/** The nearest-rank percentile; NaN for no samples, so an empty run can never pass as a fast one. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
