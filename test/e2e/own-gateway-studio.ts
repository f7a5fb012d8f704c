/// <reference lib="dom" />
// A studio in web mode on a gateway of its own (a separate simulator, as a creator's real gateway would be):
// no demo gateway is offered, and a test can read the very requests that gateway received. One per test file,
// opened before its tests and closed after them; `connect` passes the welcome page as a person does.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../electron/simulator';
import { launchChromium, type LaunchedBrowser } from './browser';
import { SHOTS } from './demo-studio';

export interface OwnGatewayStudio {
  web: WebMode;
  gateway: RunningSimulator;
  dataDir: string;
  page: Page;
  /** Closes web mode and starts it again on the same data folder (what a restart keeps). */
  restart(): Promise<void>;
}

/** Declared at the top of a test file; its fields are there once the file's beforeAll has run. */
export function useOwnGatewayStudio(name: string, simulator: SimulatorOptions = {}): OwnGatewayStudio {
  const studio = {} as OwnGatewayStudio;
  let chromium: LaunchedBrowser | null = null;
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    const dataDir = await mkdtemp(join(tmpdir(), `studio-e2e-${name}-`));
    const start = () => startWebMode({ port: 0, demo: false, dataDir, log: () => undefined });
    const gateway = await startSimulator(simulator);
    const web = await start();
    chromium = await launchChromium();
    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    Object.assign(studio, {
      web,
      gateway,
      dataDir,
      page,
      restart: async () => {
        await studio.web.close();
        studio.web = await start();
      },
    });
  });
  afterAll(async () => {
    await chromium?.close();
    await studio.web?.close();
    await studio.gateway?.close();
    if (studio.dataDir) await rm(studio.dataDir, { recursive: true, force: true });
  });
  return studio;
}

/** Passes the welcome page with the gateway's address and a key, as a person does, and waits for the studio. */
export async function connect(studio: OwnGatewayStudio, key = studio.gateway.keys.default): Promise<void> {
  const { page } = studio;
  await page.goto(studio.web.url);
  await page.locator('#onb-base-url').fill(studio.gateway.url);
  await page.locator('#onb-key').fill(key);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByTestId('nav-create').waitFor();
}
