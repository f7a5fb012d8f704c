// A library of 100,000 items: full-text search and a filtered page must answer at p95 under 20 ms. Each is
// printed beside a baseline over the same rows in the same run: a linear scan (the rows in memory, filtered,
// sorted and paged in JS, as a library without an index would), and SQLite itself without the FTS index
// (LIKE over every prompt).
import { openStudioDatabase } from '../../electron/core/studio-database';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { transaction } from '../../electron/core/db';
import { Library } from '../../electron/core/library';
import { FAMILY_IDS } from '../../shared/catalog/family-ids';
import type { LibraryItem, LibraryKind, LibraryQuery } from '../../shared/studio/records';
import { createPrng } from '../../electron/simulator/prng';
import { benchPrinter, percentile, type BenchOutcome } from './bench-kit';
import { promptFrom, vocabulary } from './invented-prompts';

export const ITEMS = 100_000;
const ROUNDS = 200;
const TARGET_P95_MS = 20;
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

interface Row {
  prompt: string;
  kind: LibraryKind;
  model: string;
  family: string;
  createdAt: number;
  favourite: boolean;
  cost: number;
  size: number;
}

function time(rounds: number, fn: (i: number) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn(i);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The linear-scan baseline: what answering the same query over the same rows costs without any index. */
function scan(rows: readonly Row[], q: LibraryQuery): { page: Row[]; total: number } {
  const terms = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const hits = rows.filter(
    (r) =>
      (q.kind === undefined || r.kind === q.kind) &&
      (q.family === undefined || r.family === q.family) &&
      (q.from === undefined || r.createdAt >= q.from) &&
      (q.to === undefined || r.createdAt < q.to) &&
      (q.favourite === undefined || r.favourite === q.favourite) &&
      terms.every((t) => r.prompt.toLowerCase().includes(t)),
  );
  hits.sort((a, b) => b.createdAt - a.createdAt);
  const offset = q.offset ?? 0;
  return { page: hits.slice(offset, offset + (q.limit ?? 50)), total: hits.length };
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'library-bench-'));
  const { lines, say } = benchPrinter(log);
  const db = openStudioDatabase(join(dir, 'studio.db'));
  try {
    const library = new Library({ db, dir: join(dir, 'media') });
    const random = createPrng(42).next;
    const words = vocabulary(random, 3000, [
      'portrait',
      'sunset',
      'castle',
      'neon',
      'forest',
      'ocean',
      'robot',
      'city',
    ]);
    const kinds: LibraryKind[] = ['image', 'image', 'image', 'video', 'audio', 'speech'];
    const rows: Row[] = [];
    const t0 = performance.now();
    const insert =
      db.prepare(`INSERT INTO library_items (id, kind, path, size, sha256, mime, prompt, model, family,
      params, created_at, favourite, cost, remote_url) VALUES (?, ?, ?, ?, ?, 'image/png', ?, ?, ?, '{}', ?, ?, ?, ?)`);
    transaction(db, () => {
      for (let i = 0; i < ITEMS; i++) {
        const length = 6 + Math.floor(random() * 14);
        const prompt = promptFrom(random, words, length);
        const kind = kinds[Math.floor(random() * kinds.length)] ?? 'image';
        const family = FAMILY_IDS[Math.floor(random() * FAMILY_IDS.length)] ?? 'image.i3';
        const row: Row = {
          prompt,
          kind,
          model: `${family}-model`,
          family,
          createdAt: START + Math.floor(random() * 300 * DAY),
          favourite: random() < 0.05,
          cost: Math.round(random() * 1000) / 1000,
          size: Math.floor(random() * 5e6),
        };
        rows.push(row);
        insert.run(
          `item-${i}`,
          row.kind,
          join(dir, 'media', `${i}.png`),
          row.size,
          `sha-${i}`,
          row.prompt,
          row.model,
          row.family,
          row.createdAt,
          row.favourite ? 1 : 0,
          row.cost,
          `http://127.0.0.1/${i}`,
        );
      }
    });
    db.exec("INSERT INTO library_fts (library_fts) VALUES ('optimize'); ANALYZE;");
    say(`library bench: ${ITEMS} items indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const searches: LibraryQuery[] = Array.from({ length: ROUNDS }, (_, i) => {
      const a = words[Math.floor(random() ** 2 * words.length)] ?? 'neon';
      const b = words[Math.floor(random() * words.length)] ?? 'city';
      return { search: i % 2 === 0 ? a : `${a} ${b}`, limit: 50 };
    });
    const pages: LibraryQuery[] = Array.from({ length: ROUNDS }, (_, i) => {
      const from = START + Math.floor(random() * 200 * DAY);
      const variants: LibraryQuery[] = [
        { kind: 'image', limit: 50, offset: Math.floor(random() * 20) * 50 },
        { kind: 'video', from, to: from + 60 * DAY, limit: 50 },
        { family: FAMILY_IDS[i % FAMILY_IDS.length], limit: 50, offset: Math.floor(random() * 5) * 50 },
        { favourite: true, kind: 'image', limit: 50 },
        { kind: 'image', family: 'image.i3', from, to: from + 30 * DAY, limit: 50 },
      ];
      return variants[i % variants.length] ?? { limit: 50 };
    });

    // Warm both paths once so the figures are steady-state, not first-touch.
    library.query(searches[0]);
    scan(rows, pages[0] ?? {});

    let mismatches = 0;
    const check = (q: LibraryQuery) => {
      const a = library.query(q);
      const b = scan(rows, q);
      // Same rows, same question: the totals must agree (the scan's substring match is at least as wide as FTS).
      if (q.search === undefined ? a.total !== b.total : a.total > b.total) mismatches++;
    };
    for (const q of [...searches.slice(0, 20), ...pages.slice(0, 20)]) check(q);

    const like = db.prepare("SELECT count(*) FROM library_items WHERE prompt LIKE '%' || ? || '%'");
    const results = [
      {
        name: 'full-text search',
        indexed: time(ROUNDS, (i) => library.query(searches[i] ?? {})),
        scan: time(ROUNDS, (i) => scan(rows, searches[i] ?? {})),
        sqlScan: time(ROUNDS, (i) => like.get((searches[i]?.search ?? '').split(' ')[0] ?? '')),
      },
      {
        name: 'filtered page',
        indexed: time(ROUNDS, (i) => library.query(pages[i] ?? {})),
        scan: time(ROUNDS, (i) => scan(rows, pages[i] ?? {})),
        sqlScan: null,
      },
    ];
    // Which kind of page is slowest, so a regression names its query.
    const perVariant = new Map<string, number[]>();
    for (const [i, q] of pages.entries()) {
      const key = Object.keys(q)
        .filter((k) => k !== 'limit' && k !== 'offset')
        .join('+');
      perVariant.set(key, [...(perVariant.get(key) ?? []), ...time(1, () => library.query(q))]);
      void i;
    }
    let pass = mismatches === 0;
    if (mismatches) say(`FAIL library: ${mismatches} queries disagree with the linear scan`);
    for (const r of results) {
      const p50 = percentile(r.indexed, 50);
      const p95 = percentile(r.indexed, 95);
      const scan95 = percentile(r.scan, 95);
      const ok = p95 < TARGET_P95_MS;
      pass &&= ok;
      const sql = r.sqlScan ? `, SQLite LIKE scan p95 ${percentile(r.sqlScan, 95).toFixed(2)} ms` : '';
      say(
        `${ok ? 'PASS' : 'FAIL'} library ${r.name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target < ${TARGET_P95_MS} ms); ` +
          `linear scan p95 ${scan95.toFixed(2)} ms${sql}; ${(scan95 / p95).toFixed(1)}x faster than the scan`,
      );
    }
    say(
      `library filtered pages by filter, p95: ${[...perVariant]
        .map(([key, samples]) => `${key} ${percentile(samples, 95).toFixed(2)} ms`)
        .join(', ')}`,
    );
    return { name: 'library', pass, lines };
  } finally {
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export type { LibraryItem };

// Runnable alone: npx tsx test/bench/library.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
