/// <reference lib="dom" />
// The Tasks page with 10 000 tasks, in Chromium against web mode: every page of tasks is loaded (the feed loads
// the next as it nears the end), then the page is scrolled by the wheel and by jumps; no long task over 50 ms
// (PerformanceObserver 'longtask') may happen while it scrolls. The same run on a studio with one page of tasks
// (200) is the baseline: frame times are printed beside it as a ratio, so a busy machine moves both together.
import type { Page } from 'playwright-core';
import { seedTasks } from '../e2e/seeded-tasks';
import { benchPrinter, percentile, type BenchOutcome } from './bench-kit';
import * as browser from './browser-bench';

const BASELINE_TASKS = 200;
const TASKS = 10_000;
const WHEEL_STEPS = 80;
const WHEEL_PX = 900;
/** Jumps to far places in the list (a scrollbar dragged, End pressed): each lays out a fresh window of rows. */
const JUMPS = 20;

interface Figures {
  longTasks: number[];
  frameP95: number;
  /** The most rows in the DOM at any point of the scroll. */
  maxRows: number;
  loadMs: number;
}

async function measure(page: Page, count: number): Promise<Figures> {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Tasks/ })
    .click();
  const shown = page.getByTestId('tasks-shown');
  await shown.waitFor({ timeout: 60_000 });
  // Load every page: scrolling to the end of what is loaded makes the feed ask for the next.
  const loadStart = Date.now();
  const main = page.getByRole('main');
  const want = `Showing ${count} of ${count} tasks`;
  while ((await shown.textContent()) !== want) {
    if (Date.now() - loadStart > 300_000)
      throw new Error(`the feed stopped at "${await shown.textContent()}"`);
    await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await browser.nextFrames(page);
  }
  const loadMs = Date.now() - loadStart;
  await main.evaluate((el) => el.scrollTo(0, 0));
  await browser.nextFrames(page);

  const stopWatch = await browser.watchLongTasksAndFrames(page);
  const rowCount = () => page.getByTestId('task-row').count();
  let maxRows = 0;
  const box = await main.boundingBox();
  if (!box) throw new Error('no main region on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < WHEEL_STEPS; i += 1) {
    await page.mouse.wheel(0, WHEEL_PX);
    await browser.nextFrames(page);
    maxRows = Math.max(maxRows, await rowCount());
  }
  for (let i = 1; i <= JUMPS; i += 1) {
    // Deterministic places spread over the whole list, back and forth.
    const at = ((i * 7919) % JUMPS) / JUMPS;
    await main.evaluate((el, fraction) => el.scrollTo(0, fraction * el.scrollHeight), at);
    await browser.nextFrames(page);
    maxRows = Math.max(maxRows, await rowCount());
  }
  const scroll = await stopWatch();
  return { longTasks: scroll.longTasks, frameP95: percentile(scroll.frames, 95), maxRows, loadMs };
}

function figuresFor(count: number): Promise<Figures> {
  return browser.measureSeededDemo({
    folder: `tasks-page-bench-${count}`,
    seed: (dataDir) =>
      seedTasks(dataDir, count, (i) => `Bench harbour light number ${i}, at dusk, in the rain`),
    nav: 'nav-tasks',
    measure: (page) => measure(page, count),
  });
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const { lines, say } = benchPrinter(log);
  const cannotRun = browser.withoutBuiltRenderer('tasks-page', { lines, say });
  if (cannotRun) return cannotRun;
  const base = await figuresFor(BASELINE_TASKS);
  const large = await figuresFor(TASKS);
  const largeRun = { ...large, label: `${TASKS} tasks` };
  const baseRun = { ...base, label: `${BASELINE_TASKS} tasks` };
  const what = `tasks page scroll (${WHEEL_STEPS} wheel steps, ${JUMPS} jumps)`;
  const scrollOk = browser.sayScrollVerdict(say, what, largeRun, baseRun);
  say(
    `tasks page rows in the DOM at most: ${TASKS} tasks ${large.maxRows}; ${BASELINE_TASKS} tasks ${base.maxRows}; ` +
      `ratio ${(large.maxRows / Math.max(base.maxRows, 1)).toFixed(2)}x`,
  );
  say(
    `tasks page loading every page by scrolling: ${TASKS} tasks ${(large.loadMs / 1000).toFixed(1)} s; ` +
      `${BASELINE_TASKS} tasks ${(base.loadMs / 1000).toFixed(1)} s`,
  );
  browser.sayLongTasks(say, 'tasks page', largeRun, baseRun);
  return { name: 'tasks-page', pass: scrollOk, lines };
}

// Runnable alone: npx tsx test/bench/tasks-page.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
