// Debian's Chromium driven by playwright-core: never a downloaded browser, always a fresh profile.
// Under vitest's e2e project one Chromium per worker serves the whole run (chromium-server.ts launches them before the
// first file and names their endpoints in STUDIO_E2E_CHROMIUM_WS): launchChromium() then connects to its worker's and
// opens a new browser context, as fresh as a new profile (its own storage, cookies and permissions) but without the
// second or two a browser's start costs each of the sixty browser files. Elsewhere (the benches, a file run under another
// config) it starts a Chromium of its own, whose fresh profile directory goes through launchPersistentContext since
// Playwright refuses --user-data-dir among launch args. Callers see the same context and close() either way.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, BrowserContextOptions, Download } from 'playwright-core';

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Where chromium-server.ts leaves the shared browsers' endpoints (one per worker, space-separated). */
export const SHARED_CHROMIUM_ENV = 'STUDIO_E2E_CHROMIUM_WS';

/** How every Chromium of the tests starts, shared or not. */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const contextOptions = (viewport: { width: number; height: number }): BrowserContextOptions => ({
  viewport,
  deviceScaleFactor: 1,
  // Screenshots show finished states, not the middle of a chart's entrance animation.
  reducedMotion: 'reduce',
});

/**
 * The shared browser of this worker: VITEST_POOL_ID runs from 1 to the worker count and no two files run at once
 * in one worker, so two files side by side never share a browser (nor its clipboard).
 */
function sharedEndpoint(): string | undefined {
  const endpoints = (process.env[SHARED_CHROMIUM_ENV] ?? '').split(' ').filter((e) => e !== '');
  if (endpoints.length === 0) return undefined;
  const pool = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const index = Number.isInteger(pool) && pool >= 1 ? (pool - 1) % endpoints.length : 0;
  return endpoints[index];
}

export async function launchChromium(viewport = { width: 1360, height: 860 }): Promise<LaunchedBrowser> {
  const endpoint = sharedEndpoint();
  if (endpoint) {
    const shared = await chromium.connect(endpoint).catch(() => null);
    // The shared browser gone (crashed): this file still runs, on a browser of its own.
    if (shared) {
      const context = await shared.newContext(contextOptions(viewport));
      return {
        context,
        close: async () => {
          await context.close();
          // Only this file's connection ends; the browser serves the next file.
          await shared.close();
        },
      };
    }
  }
  const profile = await mkdtemp(join(tmpdir(), 'studio-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    ...contextOptions(viewport),
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * What a download holds. download.path() has no file to give on a browser reached over its endpoint (the shared
 * one), so the browser's side streams it to a folder of ours, read and removed here.
 */
export async function readDownload(download: Download): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-e2e-download-'));
  try {
    const file = join(dir, 'download');
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
