// Learns which settings change a quantity (a task's cost, or its actual_time) from observations alone, and
// predicts it for settings not seen yet. Gateway prices are products (per image × n, per second × duration,
// × a resolution factor), so the model works on log(value): a categorical setting adds a weight per value, a
// numeric one adds α·log(value). Settings enter one at a time, each only when it explains the observations
// better out of sample (leave-one-out error): with five runs of a model whose size changed every time, size
// is not taken as a price driver, while a resolution that doubled the price is.

/** One observed run: its settings (numbers are magnitudes, strings are choices) and the value it had. */
export interface Observation {
  features: Readonly<Record<string, string | number>>;
  value: number;
}

export interface Prediction {
  value: number;
  /** Runs with exactly these relevant settings; the estimate is their mean when there are any. */
  exactMatches: number;
  /** Relevant settings whose value was never observed (their effect is taken as the average). */
  unseen: string[];
}

export interface FittedModel {
  /** How many observations the model stands on. */
  count: number;
  /** The settings found to change the value, in the order they were found. */
  relevant: string[];
  predict(features: Readonly<Record<string, string | number>>): Prediction;
}

/** Below this relative spread two values count as equal (gateway amounts are rounded to 6 decimals). */
const NOISE_FLOOR = 0.002;
/** A setting is taken as relevant only when it cuts the leave-one-out error by at least this fraction. */
const MIN_GAIN = 0.25;
const MISSING = '∅';

type Term =
  | { name: string; kind: 'numeric' }
  | { name: string; kind: 'categorical'; levels: string[] /* levels[0] is the reference */ };

const asLevel = (v: string | number | undefined): string => (v === undefined ? MISSING : String(v));

function termFor(name: string, obs: readonly Observation[]): Term | null {
  const values = obs.map((o) => o.features[name]);
  const numeric = values.every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0);
  const distinct = new Set(values.map(asLevel));
  if (distinct.size < 2) return null;
  if (numeric) return { name, kind: 'numeric' };
  return { name, kind: 'categorical', levels: [...distinct] };
}

function columnsOf(term: Term): number {
  return term.kind === 'numeric' ? 1 : term.levels.length - 1;
}

/** The design row for one observation: intercept, then each term's columns. */
function rowOf(terms: readonly Term[], features: Readonly<Record<string, string | number>>): number[] {
  const row = [1];
  for (const term of terms) {
    const v = features[term.name];
    if (term.kind === 'numeric') {
      row.push(typeof v === 'number' && v > 0 ? Math.log(v) : 0);
    } else {
      const level = asLevel(v);
      for (const l of term.levels.slice(1)) row.push(level === l ? 1 : 0);
    }
  }
  return row;
}

/** Element i of a vector, 0 past its end (keeps the arithmetic below free of undefined). */
const at = (v: readonly number[], i: number): number => v[i] ?? 0;

/** A dense square matrix in one flat array, row-major. */
class Square {
  readonly cells: number[];
  constructor(readonly size: number) {
    this.cells = new Array<number>(size * size).fill(0);
  }
  get(r: number, c: number): number {
    return at(this.cells, r * this.size + c);
  }
  set(r: number, c: number, v: number): void {
    this.cells[r * this.size + c] = v;
  }
  row(r: number): number[] {
    return this.cells.slice(r * this.size, (r + 1) * this.size);
  }
  swapRows(a: number, b: number): void {
    for (let c = 0; c < this.size; c++) {
      const t = this.get(a, c);
      this.set(a, c, this.get(b, c));
      this.set(b, c, t);
    }
  }
}

/** (XᵀX + a whisper of ridge)⁻¹ by Gauss-Jordan; the ridge keeps collinear designs solvable. */
function inverseGram(rows: readonly number[][], k: number): Square {
  const gram = new Square(k);
  const inv = new Square(k);
  for (let i = 0; i < k; i++) {
    inv.set(i, i, 1);
    if (i > 0) gram.set(i, i, 1e-9);
  }
  for (const r of rows)
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) gram.set(i, j, gram.get(i, j) + at(r, i) * at(r, j));
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(gram.get(r, c)) > Math.abs(gram.get(pivot, c))) pivot = r;
    gram.swapRows(c, pivot);
    inv.swapRows(c, pivot);
    const p = gram.get(c, c);
    for (let j = 0; j < k; j++) {
      gram.set(c, j, gram.get(c, j) / p);
      inv.set(c, j, inv.get(c, j) / p);
    }
    for (let r = 0; r < k; r++) {
      const f = gram.get(r, c);
      if (r === c || f === 0) continue;
      for (let j = 0; j < k; j++) {
        gram.set(r, j, gram.get(r, j) - f * gram.get(c, j));
        inv.set(r, j, inv.get(r, j) - f * inv.get(c, j));
      }
    }
  }
  return inv;
}

const dot = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((s, v, i) => s + v * at(b, i), 0);

interface Fit {
  terms: Term[];
  beta: number[];
  /** Mean squared leave-one-out error in log space: how well the model predicts a run it has not seen. */
  loo: number;
}

function fit(terms: Term[], obs: readonly Observation[], y: number[]): Fit {
  const rows = obs.map((o) => rowOf(terms, o.features));
  const k = rows[0]?.length ?? 1;
  const inv = inverseGram(rows, k);
  const invRows = Array.from({ length: k }, (_, i) => inv.row(i));
  const xty = Array.from({ length: k }, (_, i) => rows.reduce((s, r, n) => s + at(r, i) * at(y, n), 0));
  const beta = invRows.map((row) => dot(row, xty));
  const mean = y.reduce((s, v) => s + v, 0) / Math.max(1, y.length);
  let loo = 0;
  rows.forEach((r, i) => {
    const leverage = dot(
      r,
      invRows.map((row) => dot(row, r)),
    );
    // A run that alone carries one of its choices cannot be predicted without itself: count it as the
    // naive average would miss it, so a setting with a new value on every run never looks like a driver.
    const err = leverage > 0.999 ? at(y, i) - mean : (at(y, i) - dot(r, beta)) / (1 - leverage);
    loo += err * err;
  });
  return { terms, beta, loo: loo / Math.max(1, rows.length) };
}

/** Fits a model to positive observations (others are ignored). */
export function fitLogLinear(observations: readonly Observation[]): FittedModel {
  const obs = observations.filter((o) => Number.isFinite(o.value) && o.value > 0);
  const y = obs.map((o) => Math.log(o.value));
  const names = [...new Set(obs.flatMap((o) => Object.keys(o.features)))].sort();
  let best = fit([], obs, y);
  const remaining = new Set(names);
  // Forward selection: add the setting that explains most, while it is worth its parameters.
  for (;;) {
    let next: Fit | null = null;
    let chosen: string | null = null;
    for (const name of remaining) {
      const term = termFor(name, obs);
      if (!term) continue;
      const columns = 1 + best.terms.reduce((s, t) => s + columnsOf(t), 0) + columnsOf(term);
      if (columns >= obs.length) continue;
      const candidate = fit([...best.terms, term], obs, y);
      if (!next || candidate.loo < next.loo) {
        next = candidate;
        chosen = name;
      }
    }
    const floor = NOISE_FLOOR ** 2;
    if (!next || chosen === null || best.loo <= floor || next.loo > best.loo * (1 - MIN_GAIN)) break;
    best = next;
    remaining.delete(chosen);
  }
  const { terms, beta } = best;
  const relevant = terms.map((t) => t.name);
  return {
    count: obs.length,
    relevant,
    predict(features) {
      const same = obs.filter((o) => relevant.every((r) => asLevel(o.features[r]) === asLevel(features[r])));
      const unseen = terms
        .filter((t) => t.kind === 'categorical' && !t.levels.includes(asLevel(features[t.name])))
        .map((t) => t.name);
      if (same.length > 0) {
        return {
          value: same.reduce((s, o) => s + o.value, 0) / same.length,
          exactMatches: same.length,
          unseen,
        };
      }
      // An unseen choice takes the average effect of the choices seen for that setting.
      let logValue = beta[0] ?? 0;
      let column = 1;
      for (const term of terms) {
        const v = features[term.name];
        if (term.kind === 'numeric') {
          logValue += (beta[column] ?? 0) * (typeof v === 'number' && v > 0 ? Math.log(v) : 0);
          column++;
          continue;
        }
        const weights = [0, ...term.levels.slice(1).map((_, i) => beta[column + i] ?? 0)];
        const index = term.levels.indexOf(asLevel(v));
        logValue += index >= 0 ? at(weights, index) : weights.reduce((s, w) => s + w, 0) / weights.length;
        column += term.levels.length - 1;
      }
      return { value: Math.exp(logValue), exactMatches: 0, unseen };
    },
  };
}
