/// <reference lib="dom" />
// The renderer's load: eager JS bytes and time to interactive in Chromium against web
// mode (demo), for the renderer as configured (minified, lazy pages) beside a baseline built in the same run from
// the same code, unminified with every dynamic import inlined (the "before" shape of the app), and beside the floor
// of the method: a static page with only the button, loaded the same way.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { rendererConfig } from '../../electron.vite.config';
import { startWebMode } from '../../electron/host/web-mode';
import { benchPrinter, median, type BenchOutcome } from './bench-kit';
import { firstPage, launchBenchChromium } from './browser-bench';

/** Loads per build; the median is reported. Each load gets a fresh browser profile (nothing cached). */
const LOADS = 5;
/** The first interactive element the demo shows: onboarding's button. */
const FIRST_BUTTON = 'Try the demo gateway';
const BYTES_RATIO_LIMIT = 0.6;
const TTI_RATIO_LIMIT = 1.0;
/** The absolute start targets on these machines: eager JS gzipped, and time to interactive. */
const EAGER_GZIP_TARGET = 180 * 1024;
const TTI_TARGET_MS = 250;

/**
 * Builds the renderer into a temp dir: with the app's own renderer settings (`shipped`), or the same settings
 * unminified and in a single chunk (the baseline). Only where the output goes, and what a browser outside
 * Electron needs (relative base, no preload polyfill), are the bench's own.
 */
async function buildRenderer(outDir: string, shipped: boolean): Promise<void> {
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'silent',
    root: resolve(rendererConfig.root),
    base: './',
    build: {
      ...rendererConfig.build,
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      minify: shipped ? rendererConfig.build.minify : false,
      modulePreload: { polyfill: false },
      rollupOptions: {
        ...rendererConfig.build.rollupOptions,
        output: shipped ? {} : { codeSplitting: false },
      },
    },
  });
}

/**
 * The floor of the method on this machine: a static page holding only the button (no script, no style), served
 * and loaded the same way. No renderer can be interactive sooner than this: what it shows is a fresh Chromium
 * profile's own start, a page load from web mode and the measuring frames.
 */
async function writeFloorPage(outDir: string): Promise<void> {
  await writeFile(
    join(outDir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Floor</title></head>` +
      `<body><button type="button">${FIRST_BUTTON}</button></body></html>`,
  );
}

/** Script files index.html loads at start, plus the chunks it modulepreloads (Vite lists static imports so). */
async function eagerBytes(dir: string): Promise<{ bytes: number; gzip: number; files: number }> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) if (m[1]) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) srcs.add(m[1]);
  let bytes = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = await readFile(join(dir, src));
    bytes += body.length;
    // What a compressing server would send: the figure the start target is written in.
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { bytes, gzip, files: srcs.size };
}

interface Load {
  ttiMs: number;
  jsBytes: number;
}

/** One load in a fresh profile: navigation start to the first button visible, enabled and a frame painted. */
async function loadOnce(url: string): Promise<Load> {
  const chromium = await launchBenchChromium();
  try {
    await chromium.context.addInitScript({
      content: `(() => {
        const name = ${JSON.stringify(FIRST_BUTTON)};
        const check = () => {
          if (window.benchTti !== undefined) return;
          const button = Array.from(document.querySelectorAll('button')).find(
            (b) => b.textContent && b.textContent.includes(name) && !b.disabled && b.offsetParent !== null,
          );
          if (button) requestAnimationFrame(() => setTimeout(() => (window.benchTti ??= performance.now())));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    });
    const page = await firstPage(chromium);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { benchTti?: number }).benchTti !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    // JS fetched before interactive, from Resource Timing (decoded sizes: web mode serves uncompressed).
    const { ttiMs, jsBytes } = await page.evaluate(() => {
      const tti = (window as unknown as { benchTti: number }).benchTti;
      const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => (e.name.split('?')[0] ?? '').endsWith('.js') && e.responseEnd <= tti,
      );
      return { ttiMs: tti, jsBytes: js.reduce((sum, e) => sum + e.decodedBodySize, 0) };
    });
    return { ttiMs, jsBytes };
  } finally {
    await chromium.close();
  }
}

interface Figures {
  eager: { bytes: number; gzip: number; files: number };
  ttiMs: number[];
  networkJs: number;
}

/** Both builds served side by side; loads alternate between them so a warming or busy machine favours neither. */
async function figuresFor(dirs: string[]): Promise<Figures[]> {
  // One data folder each: a data folder is one studio's at a time (its lock refuses a second).
  const dataDirs: string[] = [];
  const webs = [];
  try {
    for (const staticDir of dirs) {
      const dataDir = await mkdtemp(join(tmpdir(), 'renderer-load-bench-data-'));
      dataDirs.push(dataDir);
      webs.push(await startWebMode({ port: 0, demo: true, dataDir, staticDir, log: () => {} }));
    }
    const loads: Load[][] = dirs.map(() => []);
    for (let i = 0; i < LOADS; i += 1) {
      for (const [j, web] of webs.entries()) loads[j]?.push(await loadOnce(web.url));
    }
    return await Promise.all(
      dirs.map(async (dir, j) => ({
        eager: await eagerBytes(dir),
        ttiMs: (loads[j] ?? []).map((l) => l.ttiMs),
        networkJs: median((loads[j] ?? []).map((l) => l.jsBytes)),
      })),
    );
  } finally {
    for (const web of webs) await web.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const { lines, say } = benchPrinter(log);
  const work = await mkdtemp(join(tmpdir(), 'renderer-load-bench-'));
  try {
    const oursDir = join(work, 'ours');
    const baseDir = join(work, 'baseline');
    const floorDir = await mkdtemp(join(work, 'floor-'));
    await buildRenderer(oursDir, true);
    await buildRenderer(baseDir, false);
    await writeFloorPage(floorDir);
    const [base, ours, floor] = await figuresFor([baseDir, oursDir, floorDir]);
    if (!base || !ours || !floor) throw new Error('no figures');
    const kb = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
    const bytesRatio = ours.eager.bytes / base.eager.bytes;
    const netRatio = ours.networkJs / Math.max(base.networkJs, 1);
    const ttiOurs = median(ours.ttiMs);
    const ttiBase = median(base.ttiMs);
    const ttiRatio = ttiOurs / Math.max(ttiBase, 1);
    const bytesOk = bytesRatio <= BYTES_RATIO_LIMIT;
    const ttiOk = ttiRatio <= TTI_RATIO_LIMIT;
    say(
      `${bytesOk ? 'PASS' : 'FAIL'} renderer eager JS (index.html scripts + modulepreloads): ours ${kb(ours.eager.bytes)} ` +
        `in ${ours.eager.files} files; baseline (unminified, no lazy chunks) ${kb(base.eager.bytes)} in ` +
        `${base.eager.files} files; ratio ${bytesRatio.toFixed(2)} (limit ${BYTES_RATIO_LIMIT})`,
    );
    say(
      `renderer JS fetched before interactive (Resource Timing, median): ours ${kb(ours.networkJs)}; baseline ` +
        `${kb(base.networkJs)}; ratio ${netRatio.toFixed(2)}`,
    );
    say(
      `${ttiOk ? 'PASS' : 'FAIL'} renderer time to interactive (navigation start to "${FIRST_BUTTON}" enabled and ` +
        `painted, median of ${LOADS} fresh profiles): ours ${ttiOurs.toFixed(0)} ms; baseline ${ttiBase.toFixed(0)} ms; ` +
        `ratio ${ttiRatio.toFixed(2)} (limit ${TTI_RATIO_LIMIT})`,
    );
    say(
      `renderer TTI samples (ms): ours [${ours.ttiMs.map((t) => t.toFixed(0)).join(', ')}]; baseline ` +
        `[${base.ttiMs.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    const gzipOk = ours.eager.gzip <= EAGER_GZIP_TARGET;
    const ttiTargetOk = ttiOurs <= TTI_TARGET_MS;
    say(
      `${gzipOk ? 'PASS' : 'FAIL'} renderer eager JS gzipped: ours ${kb(ours.eager.gzip)} (target ` +
        `${kb(EAGER_GZIP_TARGET)}); baseline ${kb(base.eager.gzip)}; ratio ${(ours.eager.gzip / base.eager.gzip).toFixed(2)}`,
    );
    say(
      `${ttiTargetOk ? 'PASS' : 'FAIL'} renderer time to interactive target: ours ${ttiOurs.toFixed(0)} ms (target ` +
        `${TTI_TARGET_MS} ms); baseline ${ttiBase.toFixed(0)} ms in the same run; ratio ${ttiRatio.toFixed(2)}`,
    );
    const ttiFloor = median(floor.ttiMs);
    say(
      `renderer time to interactive floor (a static page with only "${FIRST_BUTTON}", no script, same method and ` +
        `run): ${ttiFloor.toFixed(0)} ms [${floor.ttiMs.map((t) => t.toFixed(0)).join(', ')}]; target ${TTI_TARGET_MS} ms; ` +
        `ours ${ttiOurs.toFixed(0)} ms is ${(ttiOurs - ttiFloor).toFixed(0)} ms above it`,
    );
    return { name: 'renderer-load', pass: bytesOk && ttiOk && gzipOk && ttiTargetOk, lines };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// Runnable alone: npx tsx test/bench/renderer-load.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await run();
  process.exitCode = outcome.pass ? 0 : 1;
}
