/// <reference lib="dom" />
// Memory at the limit, in Chromium against web mode: the server's RSS (web mode runs in this process) and the
// renderer's JS heap, each read after a forced garbage collection (Node's gc(), the DevTools protocol's
// HeapProfiler.collectGarbage then Runtime.getHeapUsage), so what is counted is what is still held, not what
// the collector has not reached yet. Two figures, each beside its baseline from the same run:
// - size: a studio holding 50 000 library items and 5 000 tasks, after its Library and Tasks pages have been
//   opened, against the same studio on an empty data folder (the pages must hold a window, never the data);
// - leaks: the seeded studio after its Library has been opened and closed 100 times, against itself after the
//   first time (listeners, caches and event subscriptions that outlive a page would grow with each opening).
// Both must grow less than 10 %.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { startWebMode } from '../../electron/host/web-mode';
import { seedTasks } from '../e2e/seeded-tasks';
import { benchPrinter, type BenchOutcome } from './bench-kit';
import * as browser from './browser-bench';
import { seed as seedLibrary } from './library-grid.bench';

const ITEMS = 50_000;
const TASKS = 5_000;
const OPENINGS = 100;
/** Growth allowed, as a share of the baseline. */
const GROWTH_LIMIT = 0.1;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Memory {
  /** This process's resident set after gc() (MiB): web mode's server and the bench's own Node. */
  serverRss: number;
  /** The page's JS heap in use after a forced collection (MiB). */
  rendererHeap: number;
}

const MB = 1024 * 1024;

async function memoryNow(page: Page): Promise<Memory> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    collectGarbage();
    collectGarbage();
    return { serverRss: process.memoryUsage().rss / MB, rendererHeap: usedSize / MB };
  } finally {
    await cdp.detach();
  }
}

const nav = (page: Page, name: RegExp) => page.getByRole('navigation').getByRole('link', { name }).click();

/** Opens the Library (its first tiles, or its empty state) and leaves it for Tasks (its rows or empty state). */
async function openAndCloseLibrary(page: Page): Promise<void> {
  await nav(page, /^Library/);
  await page
    .locator('[data-testid="library-item"], [data-testid="library-grid"] .empty-state')
    .first()
    .waitFor();
  await nav(page, /^Tasks/);
  await page.locator('[data-testid="task-row"], .empty-state').first().waitFor();
}

interface Figures {
  first: Memory;
  after: Memory;
}

/** Web mode on `dataDir` and a fresh Chromium past onboarding; the Library opened `openings` times. */
async function figuresFor(dataDir: string, openings: number): Promise<Figures> {
  const web = await startWebMode({ port: 0, demo: true, dataDir, log: () => {} });
  const chromium = await browser.launchBenchChromium();
  try {
    const page = await browser.firstPage(chromium);
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Try the demo gateway' }).click();
    await page.getByTestId('nav-library').waitFor();
    await openAndCloseLibrary(page);
    const first = await memoryNow(page);
    for (let i = 1; i < openings; i += 1) await openAndCloseLibrary(page);
    return { first, after: openings > 1 ? await memoryNow(page) : first };
  } finally {
    await chromium.close();
    await web.close();
  }
}

const growth = (now: number, base: number) => (now - base) / base;
const mb = (n: number) => `${n.toFixed(1)} MiB`;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const printer = benchPrinter(log);
  const { lines, say } = printer;
  const cannotRun = browser.withoutBuiltRenderer('memory', printer);
  if (cannotRun) return cannotRun;
  const emptyDir = await mkdtemp(join(tmpdir(), 'memory-bench-empty-'));
  const seededDir = await mkdtemp(join(tmpdir(), 'memory-bench-seeded-'));
  let empty: Figures;
  let seeded: Figures;
  try {
    // Both folders are ready before either studio starts, so the seeding's own memory weighs on both runs alike.
    await seedLibrary(seededDir, ITEMS);
    seedTasks(seededDir, TASKS, (i) => `memory bench task ${i}`);
    empty = await figuresFor(emptyDir, 1);
    seeded = await figuresFor(seededDir, OPENINGS);
  } finally {
    await rm(emptyDir, { recursive: true, force: true });
    await rm(seededDir, { recursive: true, force: true });
  }
  let pass = true;
  const check = (what: string, now: number, base: number, against: string) => {
    const g = growth(now, base);
    const ok = g < GROWTH_LIMIT;
    pass &&= ok;
    say(
      `${ok ? 'PASS' : 'FAIL'} memory ${what}: ${mb(now)} against ${against} ${mb(base)}; growth ${pct(g)} ` +
        `(limit ${pct(GROWTH_LIMIT)}); ratio ${(now / base).toFixed(3)}x`,
    );
  };
  const data = `${ITEMS} items and ${TASKS} tasks`;
  check(`server RSS with ${data}`, seeded.first.serverRss, empty.first.serverRss, 'an empty studio');
  check(`renderer heap with ${data}`, seeded.first.rendererHeap, empty.first.rendererHeap, 'an empty studio');
  const opened = `after the Library opened and closed ${OPENINGS} times`;
  check(`server RSS ${opened}`, seeded.after.serverRss, seeded.first.serverRss, 'the first opening');
  check(`renderer heap ${opened}`, seeded.after.rendererHeap, seeded.first.rendererHeap, 'the first opening');
  return { name: 'memory', pass, lines };
}

// Runnable alone: npx tsx test/bench/memory.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
