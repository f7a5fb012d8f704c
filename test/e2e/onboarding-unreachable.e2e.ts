/// <reference lib="dom" />
// Onboarding with a gateway that does not answer: Connect keeps the user on the welcome page
// with a sentence that names the address, keeps no key, and offers to go on without checking; a corrected address
// then connects. Nothing listens on the first address: a port taken and closed again at the start of the test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { launchChromium, type LaunchedBrowser } from './browser';
import { heldDeadPort } from '../support/closed-port';
import { SHOTS } from './demo-studio';

const KEY = 'sim-key-default';

let web: WebMode;
let gateway: RunningSimulator;
let dataDir: string;
let chromium: LaunchedBrowser;
let page: Page;
let deadAddress: string;

async function sessionStatus(): Promise<string> {
  return JSON.stringify(await page.evaluate(async () => (await fetch('/trpc/session.status')).json()));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-onboarding-dead-'));
  gateway = await startSimulator();
  deadAddress = `http://127.0.0.1:${await heldDeadPort()}`;
  web = await startWebMode({ port: 0, demo: false, dataDir });
  chromium = await launchChromium();
  page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  await page.goto(web.url);
});

afterAll(async () => {
  await chromium?.close();
  await web?.close();
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('onboarding with a gateway that does not answer', () => {
  it('stays on the welcome page, names the address, keeps no key; a corrected address connects', async () => {
    await page.getByLabel('Gateway base URL').fill(deadAddress);
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Connect' }).click();
    const alert = page.getByTestId('onboarding-error');
    await alert
      .getByText(`Could not check the key at ${deadAddress}.`, { exact: false })
      .waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toContain('The gateway cannot be reached.');
    await page.screenshot({ path: join(SHOTS, 'onboarding-unreachable.png') });
    expect(await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).isVisible()).toBe(true);
    expect(await sessionStatus()).toContain('"mode":"unconfigured"');
    expect(await sessionStatus()).toContain('"hasKey":false');
    // The key is still in its field, so correcting the address is all it takes.
    expect(await page.getByLabel('API key').inputValue()).toBe(KEY);

    await page.getByLabel('Gateway base URL').fill(gateway.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('nav-create').waitFor();
    expect(await sessionStatus()).toContain('"mode":"live"');
  });
});

describe('going on without checking', () => {
  it('Continue anyway keeps the key unchecked and opens the studio', async () => {
    await page.evaluate(async () => {
      await fetch('/trpc/secrets.clearKey', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    await page.getByLabel('Gateway base URL').fill(deadAddress);
    await page.getByLabel('API key').fill(KEY);
    await page.keyboard.press('Enter');
    const goOn = page.getByRole('button', { name: 'Continue anyway' });
    await goOn.waitFor({ timeout: 60_000 });
    await goOn.click();
    await page.getByTestId('nav-create').waitFor();
    expect(await sessionStatus()).toContain('"hasKey":true');
  });
});
