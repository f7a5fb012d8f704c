// The e2e project's global setup: one Chromium per vitest worker for the whole run, started before the first browser
// file and closed after the last. Their endpoints go into the environment the test workers are started with, where
// launchChromium() (browser.ts) takes the one of its worker (VITEST_POOL_ID) and opens a fresh context on it for each
// studio a test opens. One browser per worker, not one for all: two browser files run side by side, and a browser's
// clipboard is one for all its contexts (the paste tests write it), so two files never share a browser at once.
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH, SHARED_CHROMIUM_ENV } from './browser';

export default async function startSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  const servers = await Promise.all(
    Array.from({ length: workers }, () => chromium.launchServer(CHROMIUM_LAUNCH)),
  );
  process.env[SHARED_CHROMIUM_ENV] = servers.map((s) => s.wsEndpoint()).join(' ');
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}
