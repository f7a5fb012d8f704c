// The studio left open with nothing running, as a creator leaves it all day: web mode on the demo gateway, a
// Chromium on it past onboarding, then IDLE_MS of nothing. Counted: the calls the studio made to its gateway
// (none is the target), the server's CPU time (this process: web mode runs in it; process.cpuUsage, not wall
// time or the machine's load) and the renderer's main-thread CPU time (a DevTools trace), each as a share of
// the window. The baseline, in the same run: this process's CPU over a window of the same length before the
// studio starts (the bench's own Node and Playwright at rest), so the figure less it is the studio's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebMode } from '../../electron/host/web-mode';
import { benchPrinter, type BenchOutcome } from './bench-kit';
import * as browser from './browser-bench';

const IDLE_MS = 60_000;
/** The idle target: under 1 % of one core, server and renderer each. */
const CPU_SHARE = 0.01;

/** This process's CPU time (user + system, ms) while `during` runs. */
async function processCpuOver(during: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await during();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const waitMs = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const printer = benchPrinter(log);
  const { lines, say } = printer;
  const cannotRun = browser.withoutBuiltRenderer('idle', printer);
  if (cannotRun) return cannotRun;
  const baseMs = await processCpuOver(() => waitMs(IDLE_MS));
  const dataDir = await mkdtemp(join(tmpdir(), 'idle-bench-'));
  const calls: string[] = [];
  let counting = false;
  const web = await startWebMode({
    port: 0,
    demo: true,
    dataDir,
    log: () => {},
    onGatewayCall: (method) => {
      if (counting) calls.push(method);
    },
  });
  const chromium = await browser.launchBenchChromium();
  try {
    const page = await browser.firstPage(chromium);
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Try the demo gateway' }).click();
    await page.getByTestId('nav-library').waitFor();
    // What opening asks (balance, models) is let settle before the idle window starts.
    await waitMs(5_000);
    counting = true;
    let serverMs = 0;
    const { tasks } = await browser.taskCpuMs(page, async () => {
      serverMs = await processCpuOver(() => waitMs(IDLE_MS));
    });
    counting = false;
    const rendererMs = tasks.reduce((sum, ms) => sum + ms, 0);
    const serverShare = Math.max(0, serverMs - baseMs) / IDLE_MS;
    const rendererShare = rendererMs / IDLE_MS;
    const byMethod = [...new Set(calls)].map((m) => `${m} ×${calls.filter((c) => c === m).length}`);
    const checks = [
      [
        calls.length === 0,
        `gateway calls in ${IDLE_MS / 1000} s idle: ${calls.length} ${byMethod.join(', ')} (target 0)`,
      ],
      [
        serverShare < CPU_SHARE,
        `server CPU ${(serverShare * 100).toFixed(2)} % of a core (${serverMs.toFixed(0)} ms in ${IDLE_MS / 1000} s, less the baseline's ${baseMs.toFixed(0)} ms: this process before the studio started; target < ${CPU_SHARE * 100} %)`,
      ],
      [
        rendererShare < CPU_SHARE,
        `renderer main-thread CPU ${(rendererShare * 100).toFixed(2)} % (${rendererMs.toFixed(0)} ms in ${tasks.length} tasks over ${IDLE_MS / 1000} s; target < ${CPU_SHARE * 100} %)`,
      ],
    ] as const;
    for (const [ok, text] of checks) say(`${ok ? 'PASS' : 'FAIL'} idle ${text}`);
    return { name: 'idle', pass: checks.every(([ok]) => ok), lines };
  } finally {
    await chromium.close();
    await web.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
