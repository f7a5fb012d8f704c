/// <reference lib="dom" />
// The Tasks page with 10 000 tasks, in Chromium against web mode: every page of tasks is loaded (the feed loads
// the next as it nears the end), then the page is scrolled by the wheel and by jumps; no long task over 50 ms
// (PerformanceObserver 'longtask') may happen while it scrolls. The same run on a studio with one page of tasks
// (200) is the baseline: frame times are printed beside it as a ratio, so a busy machine moves both together.
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startWebMode } from '../../electron/host/web-mode';
import { launchChromium } from '../e2e/browser';
import { seedTasks } from '../e2e/seeded-tasks';

const BASELINE_TASKS = 200;
const TASKS = 10_000;
const WHEEL_STEPS = 80;
const WHEEL_PX = 900;
/** Jumps to far places in the list (a scrollbar dragged, End pressed): each lays out a fresh window of rows. */
const JUMPS = 20;
const LONG_TASK_MS = 50;

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

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
    await nextFrames(page);
  }
  const loadMs = Date.now() - loadStart;
  await main.evaluate((el) => el.scrollTo(0, 0));
  await nextFrames(page);

  await page.evaluate(() => {
    const w = window as unknown as { benchLong: number[]; benchFrames: number[]; benchRun: boolean };
    w.benchLong = [];
    w.benchFrames = [];
    w.benchRun = true;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLong.push(entry.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now: number) => {
      w.benchFrames.push(now - last);
      last = now;
      if (w.benchRun) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const rowCount = () => page.getByTestId('task-row').count();
  let maxRows = 0;
  const box = await main.boundingBox();
  if (!box) throw new Error('no main region on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < WHEEL_STEPS; i += 1) {
    await page.mouse.wheel(0, WHEEL_PX);
    await nextFrames(page);
    maxRows = Math.max(maxRows, await rowCount());
  }
  for (let i = 1; i <= JUMPS; i += 1) {
    // Deterministic places spread over the whole list, back and forth.
    const at = ((i * 7919) % JUMPS) / JUMPS;
    await main.evaluate((el, fraction) => el.scrollTo(0, fraction * el.scrollHeight), at);
    await nextFrames(page);
    maxRows = Math.max(maxRows, await rowCount());
  }
  const scroll = await page.evaluate(() => {
    const w = window as unknown as { benchLong: number[]; benchFrames: number[]; benchRun: boolean };
    w.benchRun = false;
    return { longTasks: [...w.benchLong], frames: w.benchFrames.slice(1) };
  });
  return { longTasks: scroll.longTasks, frameP95: percentile(scroll.frames, 95), maxRows, loadMs };
}

async function figuresFor(count: number): Promise<Figures> {
  const dataDir = await mkdtemp(join(tmpdir(), `tasks-page-bench-${count}-`));
  try {
    seedTasks(dataDir, count, (i) => `Bench harbour light number ${i}, at dusk, in the rain`);
    const web = await startWebMode({ port: 0, demo: true, dataDir, log: () => {} });
    const chromium = await launchChromium();
    try {
      // tsx keeps function names with a helper (__name) the page does not have (see library-grid.bench.ts).
      await chromium.context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
      await page.goto(web.url);
      await page.getByRole('button', { name: 'Try the demo gateway' }).click();
      await page.getByTestId('nav-tasks').waitFor();
      return await measure(page, count);
    } finally {
      await chromium.close();
      await web.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export interface BenchOutcome {
  name: string;
  pass: boolean;
  lines: string[];
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    log(line);
  };
  if (!existsSync(join(process.cwd(), 'out', 'renderer', 'index.html'))) {
    say('FAIL tasks page: no built renderer (run `npx electron-vite build` first)');
    return { name: 'tasks-page', pass: false, lines };
  }
  const base = await figuresFor(BASELINE_TASKS);
  const large = await figuresFor(TASKS);
  const worst = (tasks: number[]) => (tasks.length ? Math.max(...tasks) : 0);
  const scrollOk = large.longTasks.every((d) => d <= LONG_TASK_MS);
  say(
    `${scrollOk ? 'PASS' : 'FAIL'} tasks page scroll (${WHEEL_STEPS} wheel steps, ${JUMPS} jumps): ${TASKS} tasks ` +
      `${large.longTasks.length} long tasks (longest ${worst(large.longTasks).toFixed(0)} ms, limit ${LONG_TASK_MS} ms), ` +
      `frame p95 ${large.frameP95.toFixed(1)} ms; ${BASELINE_TASKS} tasks ${base.longTasks.length} long tasks, frame p95 ` +
      `${base.frameP95.toFixed(1)} ms; frame ratio ${(large.frameP95 / Math.max(base.frameP95, 1)).toFixed(2)}x`,
  );
  say(
    `tasks page rows in the DOM at most: ${TASKS} tasks ${large.maxRows}; ${BASELINE_TASKS} tasks ${base.maxRows}; ` +
      `ratio ${(large.maxRows / Math.max(base.maxRows, 1)).toFixed(2)}x`,
  );
  say(
    `tasks page loading every page by scrolling: ${TASKS} tasks ${(large.loadMs / 1000).toFixed(1)} s; ` +
      `${BASELINE_TASKS} tasks ${(base.loadMs / 1000).toFixed(1)} s`,
  );
  // Long tasks on the small studio too say the machine, not the feed, is busy: read the large figure with it.
  say(
    `tasks page long tasks while scrolling (ms): ${TASKS} tasks [${large.longTasks.map((d) => d.toFixed(0)).join(', ')}]; ` +
      `${BASELINE_TASKS} tasks [${base.longTasks.map((d) => d.toFixed(0)).join(', ')}]`,
  );
  return { name: 'tasks-page', pass: scrollOk, lines };
}

// Runnable alone: npx tsx test/bench/tasks-page.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
