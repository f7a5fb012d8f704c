/// <reference lib="dom" />
// A key is "saved" only when the gateway takes it; web mode keeps it across a restart (a 0600 file in its data
// folder), and once it is removed a restart brings back onboarding with the base URL still filled in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { launchChromium, type LaunchedBrowser } from './browser';

const SHOTS = join(process.cwd(), 'test-results', 'e2e');

let web: WebMode;
let gateway: RunningSimulator;
let dataDir: string;
let chromium: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-key-'));
  gateway = await startSimulator();
  web = await startWebMode({ port: 0, demo: false, dataDir });
  chromium = await launchChromium();
  page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
});

afterAll(async () => {
  await chromium?.close();
  await web?.close();
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('checking the key with the gateway', () => {
  it('[AUTH-2] [ERR-4] a key the gateway refuses keeps onboarding open and says so', async () => {
    await page.goto(web.url);
    await page.getByLabel('Gateway base URL').fill(gateway.url);
    await page.getByLabel('API key').fill('sim-key-nobody-has');
    await page.getByLabel('API key').press('Enter');
    const alert = page.getByTestId('onboarding-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The gateway refused this key: Invalid API key.');
    expect(await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).count()).toBe(1);
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"hasKey":false');
    await page.screenshot({ path: join(SHOTS, 'onboarding-key-refused.png') });
  });

  it('a good key opens the studio; Settings says when a replacement key is refused, not "Key saved."', async () => {
    await page.getByLabel('API key').fill(gateway.keys.default);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('nav-settings').click();
    await page.getByLabel('API key').fill(gateway.keys.expired);
    await page.getByRole('button', { name: 'Save key' }).click();
    const toast = page.getByText('The gateway refused this key: This API key has expired.');
    await toast.waitFor();
    expect(await page.getByText('Key saved.').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'settings-key-refused.png') });
    // The refused key replaced nothing: the working one still answers, so the balance reads after a reload.
    await page.reload();
    await page.getByTestId('nav-create').waitFor();
    await expect.poll(() => page.getByTestId('balance-value').textContent(), { timeout: 15_000 }).toMatch(/USD$/);
    expect(await page.getByTestId('balance').getAttribute('class')).not.toContain('is-error');
    await page.getByTestId('nav-settings').click();
    await page.getByLabel('API key').fill(gateway.keys.default);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Key saved.').waitFor();
  });

  it('after a restart the key is still there (a 0600 file): the studio opens without asking for it', async () => {
    await web.close();
    web = await startWebMode({ port: 0, demo: false, dataDir });
    await page.goto(web.url);
    await page.getByTestId('nav-create').waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"hasKey":true');
    expect(JSON.stringify(status)).not.toContain(gateway.keys.default);
  });

  it('with the key removed, a restart brings onboarding back with the base URL settings still hold', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
    await web.close();
    web = await startWebMode({ port: 0, demo: false, dataDir });
    await page.goto(web.url);
    await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
    await expect.poll(() => page.getByLabel('Gateway base URL').inputValue()).toBe(gateway.url);
    await page.screenshot({ path: join(SHOTS, 'onboarding-after-restart.png') });
    await page.getByLabel('API key').fill(gateway.keys.default);
    await page.getByLabel('API key').press('Enter');
    await page.getByTestId('nav-create').waitFor();
  });
});
