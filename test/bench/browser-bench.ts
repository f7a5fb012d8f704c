/// <reference lib="dom" />
// The scaffolding of the benches that measure the renderer in Chromium against web mode: the check for a built
// renderer, a browser that can run the functions a bench sends to the page, the demo studio opened on a data
// folder, and the watch on long tasks and frame intervals while a page is scrolled.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startWebMode } from '../../electron/host/web-mode';
import { launchChromium, type LaunchedBrowser } from '../e2e/browser';
import type { BenchOutcome } from './bench-kit';

/**
 * A browser bench's failed outcome when `npx electron-vite build` has left no renderer for web mode to serve, or
 * null when it has and the bench can run.
 */
export function withoutBuiltRenderer(
  name: string,
  printer: { lines: string[]; say: (line: string) => void },
): BenchOutcome | null {
  if (existsSync(join(process.cwd(), 'out', 'renderer', 'index.html'))) return null;
  printer.say(`FAIL ${name}: no built renderer (run \`npx electron-vite build\` first)`);
  return { name, pass: false, lines: printer.lines };
}

/**
 * A fresh Chromium whose pages can run functions sent through evaluate(): tsx keeps function names with a helper
 * (__name) the page does not have, so those functions would throw without it.
 */
export async function launchBenchChromium(): Promise<LaunchedBrowser> {
  const chromium = await launchChromium();
  await chromium.context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return chromium;
}

export async function firstPage(chromium: LaunchedBrowser): Promise<Page> {
  return chromium.context.pages()[0] ?? (await chromium.context.newPage());
}

/**
 * One measurement on a studio of its own: a temp data folder filled by `seed`, web mode on it with the demo
 * gateway, a fresh Chromium past onboarding ("Try the demo gateway") with the navigation entry `nav` shown; then
 * `measure` runs on that page with what `seed` returned, and browser, server and folder go.
 */
export async function measureSeededDemo<S, T>(run: {
  folder: string;
  seed: (dataDir: string) => S | Promise<S>;
  nav: string;
  measure: (page: Page, seeded: S) => Promise<T>;
}): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `${run.folder}-`));
  try {
    const seeded = await run.seed(dataDir);
    const web = await startWebMode({ port: 0, demo: true, dataDir, log: () => {} });
    const chromium = await launchBenchChromium();
    try {
      const page = await firstPage(chromium);
      await page.goto(web.url);
      await page.getByRole('button', { name: 'Try the demo gateway' }).click();
      await page.getByTestId(run.nav).waitFor();
      return await run.measure(page, seeded);
    } finally {
      await chromium.close();
      await web.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * How much slower than the machine the page's CPU is made while a figure is taken (the DevTools protocol's
 * Emulation.setCPUThrottlingRate): 4× leaves no margin a busy machine could hide a slow page in, and the
 * same rate on the baseline run keeps the ratio fair.
 */
export const CPU_THROTTLE = 4;

/** Runs `fn` with the page's CPU throttled `rate` times through the DevTools protocol, and lifts it after. */
export async function throttled<T>(page: Page, rate: number, fn: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await fn();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** A task's trace event, by the name older and newer Chromium builds give it. */
const RUN_TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The main-thread CPU time (ms) of every task the page's renderer ran during `fn`, read from a DevTools trace
 * (each RunTask's thread duration, tdur). Unlike a long task's wall time, it does not grow while the thread
 * waits for a core the machine's other work holds. Under Emulation.setCPUThrottlingRate the throttler's own
 * pauses are counted in it (a loop of 75 ms of CPU measured 325 ms at 4×), so a throttled task's figure is
 * what it would take on a machine that many times slower, whatever the load today.
 */
export async function taskCpuMs<T>(
  page: Page,
  fn: () => Promise<T>,
): Promise<{ result: T; tasks: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // Playwright types only the events it knows; the DevTools protocol's tracing events come the same way.
  const tracing = cdp as unknown as {
    on(event: 'Tracing.dataCollected', listener: (data: { value: TraceEvent[] }) => void): void;
    once(event: 'Tracing.tracingComplete', listener: () => void): void;
  };
  tracing.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise<void>((done) => tracing.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', { categories: 'toplevel,__metadata', transferMode: 'ReportEvents' });
  try {
    const result = await fn();
    await cdp.send('Tracing.end');
    await complete;
    const main = new Set(
      events
        .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const tasks = events
      .filter((e) => e.ph === 'X' && RUN_TASK.has(e.name) && main.has(`${e.pid}:${e.tid}`))
      .map((e) => (e.tdur ?? 0) / 1000);
    return { result, tasks };
  } finally {
    await cdp.detach();
  }
}

/** The long-task limit while a page scrolls: no task over 50 ms (PerformanceObserver 'longtask'). */
export const LONG_TASK_MS = 50;

/** One run's scroll figures, named for the printout ("10000 tasks"). */
interface ScrollRun extends ScrollFigures {
  label: string;
}

export interface ScrollFigures {
  longTasks: number[];
  frameP95: number;
}

/**
 * Prints the scroll verdict of `what`: PASS when the large run had no long task over the limit, beside the
 * baseline run's figures and the ratio of their frame p95s. Returns whether it passed.
 */
export function sayScrollVerdict(
  say: (line: string) => void,
  what: string,
  large: ScrollRun,
  base: ScrollRun,
): boolean {
  const ok = large.longTasks.every((d) => d <= LONG_TASK_MS);
  const longest = large.longTasks.length ? Math.max(...large.longTasks) : 0;
  say(
    `${ok ? 'PASS' : 'FAIL'} ${what}: ${large.label} ${large.longTasks.length} long tasks (longest ` +
      `${longest.toFixed(0)} ms, limit ${LONG_TASK_MS} ms), frame p95 ${large.frameP95.toFixed(1)} ms; ${base.label} ` +
      `${base.longTasks.length} long tasks, frame p95 ${base.frameP95.toFixed(1)} ms; frame ratio ` +
      `${(large.frameP95 / Math.max(base.frameP95, 1)).toFixed(2)}x`,
  );
  return ok;
}

/**
 * The load-proof scroll verdict: PASS when no task of the first run, its CPU throttled CPU_THROTTLE times, took
 * over LONG_TASK_MS of main-thread CPU time (taskCpuMs), printed beside the other runs as baselines.
 */
export function sayCpuVerdict(
  say: (line: string) => void,
  what: string,
  runs: readonly { label: string; tasks: readonly number[] }[],
): boolean {
  const limit = LONG_TASK_MS;
  const figures = runs.map((r) => {
    const long = r.tasks.filter((ms) => ms > limit).length;
    const max = r.tasks.length ? Math.max(...r.tasks) : 0;
    const total = r.tasks.reduce((sum, ms) => sum + ms, 0);
    return {
      ...r,
      long,
      text: `${r.label} ${long} long at ${CPU_THROTTLE}x (longest task ${max.toFixed(1)} ms of CPU, ${total.toFixed(0)} ms in ${r.tasks.length} tasks)`,
    };
  });
  const [first, ...rest] = figures;
  const ok = first !== undefined && first.tasks.length > 0 && first.long === 0;
  const ratio =
    first && rest[0]
      ? ` ; CPU ratio ${(
          first.tasks.reduce((s, x) => s + x, 0) /
          Math.max(
            1,
            rest[0].tasks.reduce((s, x) => s + x, 0),
          )
        ).toFixed(2)}x`
      : '';
  say(
    `${ok ? 'PASS' : 'FAIL'} ${what} at ${CPU_THROTTLE}x CPU throttling (a task is long past ${limit} ms of ` +
      `main-thread CPU time): ${figures.map((f) => f.text).join('; ')}${ratio}`,
  );
  return ok;
}

/** Prints every long task of both runs: long tasks on the baseline too say the machine, not the page, is busy. */
export function sayLongTasks(
  say: (line: string) => void,
  what: string,
  large: ScrollRun,
  base: ScrollRun,
): void {
  const list = (run: ScrollRun) => `${run.label} [${run.longTasks.map((d) => d.toFixed(0)).join(', ')}]`;
  say(`${what} long tasks while scrolling (ms): ${list(large)}; ${list(base)}`);
}

/** Resolves after the page has painted two more frames. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

export interface ScrollWatch {
  /** Durations of the long tasks (PerformanceObserver 'longtask') seen while watching. */
  longTasks: number[];
  /** Intervals between frames while watching (the first, from the start of the watch, left out). */
  frames: number[];
}

/** Starts collecting long tasks and frame intervals in the page; the returned stop() ends it and hands them over. */
export async function watchLongTasksAndFrames(page: Page): Promise<() => Promise<ScrollWatch>> {
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
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { benchLong: number[]; benchFrames: number[]; benchRun: boolean };
      w.benchRun = false;
      return { longTasks: [...w.benchLong], frames: w.benchFrames.slice(1) };
    });
}
