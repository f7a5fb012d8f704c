/// <reference lib="dom" />
// The Library page at 100 000 items, in Chromium against web mode: scrolling the grid must
// not cause a long task over 50 ms (PerformanceObserver 'longtask'), search must answer as the person types
// (from the keystroke to the frame that paints that prefix's matching tiles: p95 within 100 ms; the count and
// the cost total may follow), and the first tiles must paint within 300 ms of the click that opens the page.
// Each figure is printed beside the same measurement on a 1 000-item library in the same run, as a ratio, so a
// slower machine moves both together.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { transaction } from '../../electron/core/db';
import { Library } from '../../electron/core/library';
import { createPrng } from '../../electron/simulator/prng';
import { benchPrinter, percentile, type BenchOutcome } from './bench-kit';
import { promptFrom, vocabulary } from './invented-prompts';
import * as browser from './browser-bench';

const BASELINE_ITEMS = 1_000;
const ITEMS = 100_000;
/** Wheel steps of the scroll run, each a screenful or so: about 3 000 items pass by on the large library. */
const WHEEL_STEPS = 80;
const WHEEL_PX = 700;
/** What is typed into the search box, one key at a time (two words: prefix search narrows on each key). */
const TYPED = 'kalo su';
/** Search on 100k may be this many times slower than on 1k and still answer "as the user types". */
const SEARCH_RATIO_LIMIT = 4;
/** The absolute targets on these machines: search p95 from key to painted tiles, and opening. */
const SEARCH_TARGET_MS = 100;
const OPEN_TARGET_MS = 300;
/** Ratios below this floor are noise, not signal: a 1k answer in 5 ms makes 20 ms look like 4×. */
const SEARCH_FLOOR_MS = 25;

/** A data folder whose library holds `count` pictures: rows in SQLite, files shared among a few real PNGs. */
export async function seed(dataDir: string, count: number): Promise<void> {
  const libraryDir = join(dataDir, 'library');
  await mkdir(join(libraryDir, 'bench'), { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < 24; i += 1) {
    const path = join(libraryDir, 'bench', `tile-${i}.png`);
    const hue = Math.round((i / 24) * 255);
    await writeFile(
      path,
      await sharp({
        create: { width: 256, height: 256, channels: 3, background: { r: hue, g: 255 - hue, b: 128 } },
      })
        .png()
        .toBuffer(),
    );
    files.push(path);
  }
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  try {
    // Constructing the Library registers and runs its migrations.
    new Library({ db, dir: libraryDir });
    const random = createPrng(7).next;
    const words = vocabulary(random, 4000);
    const insert = db.prepare(`INSERT INTO library_items (id, kind, path, size, sha256, mime, width, height,
      prompt, model, family, params, created_at, favourite, cost, remote_url)
      VALUES (?, 'image', ?, 1000, ?, 'image/png', 256, 256, ?, 'image_model_id_i3', 'image.i3', '{}', ?, 0, 0.04, ?)`);
    const start = Date.UTC(2026, 0, 1);
    transaction(db, () => {
      for (let i = 0; i < count; i += 1) {
        const length = 5 + Math.floor(random() * 10);
        const prompt = promptFrom(random, words, length);
        insert.run(
          `bench-${i}`,
          files[i % files.length] ?? '',
          `sha-${i % files.length}`,
          prompt,
          start + i * 60_000,
          `http://127.0.0.1/${i}`,
        );
      }
    });
    db.exec("INSERT INTO library_fts (library_fts) VALUES ('optimize'); ANALYZE;");
  } finally {
    db.close();
  }
}

/** What the grid must show for each typed prefix (its first tile's prompt, '' for none), asked of the database. */
function expectedFirsts(dataDir: string): string[] {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  try {
    const library = new Library({ db, dir: join(dataDir, 'library') });
    return Array.from(
      TYPED,
      (_, i) => library.query({ search: TYPED.slice(0, i + 1), limit: 1 }).items[0]?.prompt ?? '',
    );
  } finally {
    db.close();
  }
}

interface Figures {
  /** From the click on Library to the frame that paints its first tiles, at CPU_THROTTLE (wall time). */
  openMs: number;
  /** The renderer's main-thread CPU over the same span, at CPU_THROTTLE. */
  openCpuMs: number;
  longTasks: number[];
  frameP95: number;
  searchMs: number[];
  /** Main-thread CPU time of each task while scrolling (ms). */
  cpuTasks: number[];
}

async function measure(page: Page, firsts: string[]): Promise<Figures> {
  // Opening: from the click (in the page's clock) to the frame that paints the first tiles, with the page's CPU
  // throttled CPU_THROTTLE times; the renderer's main-thread CPU over it is counted too (taskCpuMs): a figure
  // the machine's load cannot blur, where the wall time waits on whatever else the machine runs.
  await page.evaluate(() => {
    const w = window as unknown as { benchClick: number };
    document.addEventListener('click', () => (w.benchClick = performance.now()), {
      capture: true,
      once: true,
    });
  });
  const { result: openMs, tasks: openTasks } = await browser.taskCpuMs(page, () =>
    browser.throttled(page, browser.CPU_THROTTLE, async () => {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: /^Library/ })
        .click();
      return page.evaluate(
        () =>
          new Promise<number>((done, fail) => {
            const w = window as unknown as { benchClick: number };
            const deadline = performance.now() + 60_000;
            const check = () => {
              if (document.querySelector('[data-testid="library-item"]'))
                done(performance.now() - w.benchClick);
              else if (performance.now() > deadline) fail(new Error('the library never showed a tile'));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
    }),
  );
  const openCpuMs = openTasks.reduce((sum, ms) => sum + ms, 0);
  // Long tasks and frame intervals, collected in the page from now on.
  const stopWatch = await browser.watchLongTasksAndFrames(page);
  const grid = page.getByTestId('library-grid');
  const box = await grid.boundingBox();
  if (!box) throw new Error('no grid on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const { result: scroll, tasks: cpu } = await browser.taskCpuMs(page, () =>
    browser.throttled(page, browser.CPU_THROTTLE, async () => {
      for (let i = 0; i < WHEEL_STEPS; i += 1) {
        await page.mouse.wheel(0, WHEEL_PX);
        await browser.nextFrames(page);
      }
      return stopWatch();
    }),
  );

  // Typing: each key's time from keydown (in the page's clock) to the frame that paints that prefix's matches
  // (the first tile is the query's first answer). The count and the cost total may come later.
  // Back to the top of the grid (the scroll run left it deep in the list), where a new answer's first tile shows.
  await grid.evaluate((el) => el.scrollTo(0, 0));
  await browser.nextFrames(page);
  const search = page.getByRole('searchbox', { name: 'Search prompts' });
  await search.scrollIntoViewIfNeeded();
  await search.focus();
  await page.evaluate(() => {
    const w = window as unknown as { benchKey: number };
    document.addEventListener('keydown', () => (w.benchKey = performance.now()), { capture: true });
  });
  const searchMs: number[] = [];
  for (const [i, key] of Array.from(TYPED).entries()) {
    const first = firsts[i] ?? '';
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    const elapsed = await page.evaluate(
      (want) =>
        new Promise<number>((done, fail) => {
          const w = window as unknown as { benchKey: number };
          const deadline = performance.now() + 30_000;
          // Checked at the start of each frame: the frame that finds the match on screen paints it.
          const check = () => {
            const tile = document.querySelector('[data-testid="library-item"] img');
            const shown = tile?.getAttribute('alt') ?? '';
            const emptyShown =
              want === '' && document.querySelector('[data-testid="clear-filters"]') !== null;
            if ((want !== '' && shown === want) || emptyShown) done(performance.now() - w.benchKey);
            else if (performance.now() > deadline)
              fail(new Error(`the grid never showed "${want}" first (shows "${shown}")`));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      first,
    );
    searchMs.push(elapsed);
  }
  return {
    openMs,
    openCpuMs,
    longTasks: scroll.longTasks,
    frameP95: percentile(scroll.frames, 95),
    searchMs,
    cpuTasks: cpu,
  };
}

function figuresFor(count: number): Promise<Figures> {
  return browser.measureSeededDemo({
    folder: `library-grid-bench-${count}`,
    seed: async (dataDir) => {
      await seed(dataDir, count);
      return expectedFirsts(dataDir);
    },
    nav: 'nav-library',
    measure,
  });
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const { lines, say } = benchPrinter(log);
  const cannotRun = browser.withoutBuiltRenderer('library-grid', { lines, say });
  if (cannotRun) return cannotRun;
  const base = await figuresFor(BASELINE_ITEMS);
  const large = await figuresFor(ITEMS);
  const largeRun = { ...large, label: `${ITEMS} items` };
  const baseRun = { ...base, label: `${BASELINE_ITEMS} items` };
  browser.sayScrollVerdict(say, `library grid scroll (${WHEEL_STEPS} wheel steps)`, largeRun, baseRun);
  const cpuOk = browser.sayCpuVerdict(say, `library grid scroll (${WHEEL_STEPS} wheel steps)`, [
    { label: `${ITEMS} items`, tasks: large.cpuTasks },
    { label: `${BASELINE_ITEMS} items`, tasks: base.cpuTasks },
  ]);
  const p95Large = percentile(large.searchMs, 95);
  const p95Base = percentile(base.searchMs, 95);
  const ratio = Math.max(p95Large, SEARCH_FLOOR_MS) / Math.max(p95Base, SEARCH_FLOOR_MS);
  const searchOk = ratio <= SEARCH_RATIO_LIMIT;
  say(
    `${searchOk ? 'PASS' : 'FAIL'} library search as you type ("${TYPED}", key to grid): ${ITEMS} items p50 ` +
      `${percentile(large.searchMs, 50).toFixed(0)} ms, p95 ${p95Large.toFixed(0)} ms; ${BASELINE_ITEMS} items p50 ` +
      `${percentile(base.searchMs, 50).toFixed(0)} ms, p95 ${p95Base.toFixed(0)} ms; ratio ${ratio.toFixed(2)}x ` +
      `(limit ${SEARCH_RATIO_LIMIT}x, both floored at ${SEARCH_FLOOR_MS} ms)`,
  );
  // The absolute targets, printed beside the baseline measured in this run (a loaded machine moves both).
  say(
    `${p95Large <= SEARCH_TARGET_MS ? 'PASS' : 'FAIL'} library search target: ${ITEMS} items p95 ${p95Large.toFixed(0)} ms ` +
      `from key to painted matching tiles (target ${SEARCH_TARGET_MS} ms); ${BASELINE_ITEMS} items p95 ${p95Base.toFixed(0)} ms; ` +
      `ratio ${(p95Large / Math.max(p95Base, 1)).toFixed(2)}x`,
  );
  // The opening's verdict is its main-thread CPU at 4x (what a machine that much slower would spend), beside the
  // wall time of the same run, which also waits on the server and on the machine's other work.
  const openOk = large.openCpuMs <= OPEN_TARGET_MS;
  say(
    `${openOk ? 'PASS' : 'FAIL'} library open (click to first tiles painted) at ${browser.CPU_THROTTLE}x CPU ` +
      `throttling: ${ITEMS} items ${large.openCpuMs.toFixed(0)} ms of main-thread CPU (target ${OPEN_TARGET_MS} ms), ` +
      `${large.openMs.toFixed(0)} ms wall; ${BASELINE_ITEMS} items ${base.openCpuMs.toFixed(0)} ms of CPU, ` +
      `${base.openMs.toFixed(0)} ms wall; CPU ratio ${(large.openCpuMs / Math.max(base.openCpuMs, 1)).toFixed(2)}x`,
  );
  say(`library grid per key, ${ITEMS} items: ${large.searchMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  say(
    `library grid per key, ${BASELINE_ITEMS} items: ${base.searchMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  browser.sayLongTasks(say, 'library grid', largeRun, baseRun);
  return {
    name: 'library-grid',
    pass: cpuOk && searchOk && p95Large <= SEARCH_TARGET_MS && openOk,
    lines,
  };
}

// Runnable alone: npx tsx test/bench/library-grid.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
