// The e2e project's global setup: one Chromium for the whole run, started before the first browser file and
// closed after the last. Its endpoint goes into the environment the test workers are started with, where
// launchChromium() (browser.ts) finds it and opens a fresh context on it for each studio a test opens.
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH, SHARED_CHROMIUM_ENV } from './browser';

export default async function startSharedChromium(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    await server.close();
  };
}
