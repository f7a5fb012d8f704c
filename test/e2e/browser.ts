// Debian's Chromium driven by playwright-core: never a downloaded browser, always a fresh profile. Playwright
// refuses --user-data-dir among launch args, so the fresh profile directory goes through launchPersistentContext.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1360, height: 860 }): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'studio-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
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
    viewport,
    deviceScaleFactor: 1,
    // Screenshots show finished states, not the middle of a chart's entrance animation.
    reducedMotion: 'reduce',
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
