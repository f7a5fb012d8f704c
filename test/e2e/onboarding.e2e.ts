/// <reference lib="dom" />
// Onboarding with one's own gateway (here a separate simulator, as a real gateway would be): the form checks the
// address and the key before anything is sent, a good pair opens the studio on the live gateway, and the key
// leaves the page as soon as it is handed to the studio. Without --demo no demo gateway is offered.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shotAndScanEachScheme } from './axe-scan';
import { SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';

const KEY = 'sim-key-default';
const studio = useOwnGatewayStudio('onboarding');

// Each test stands alone (run by itself, or in any order): it first brings the studio to the state it starts
// from, through the bridge the page itself calls, and then drives the page.
const session = async (): Promise<{ mode: string; hasKey: boolean }> =>
  (
    (await studio.page.evaluate(async () => (await fetch('/trpc/session.status')).json())) as {
      result: { data: { mode: string; hasKey: boolean } };
    }
  ).result.data;

/** A studio with no key, on its welcome page: what a first start shows. */
async function atWelcome(): Promise<void> {
  const { page } = studio;
  await page.goto(studio.web.url);
  if ((await session()).hasKey) {
    await page.evaluate(() =>
      fetch('/trpc/secrets.clearKey', { method: 'POST', headers: { 'content-type': 'application/json' } }),
    );
    await page.reload();
  }
  await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
}

/** A studio connected to the test's gateway, on Settings. */
async function onSettings(): Promise<void> {
  const { page } = studio;
  await page.goto(studio.web.url);
  if ((await session()).mode !== 'live') await connect(studio);
  await page.getByTestId('nav-settings').click();
  await page.locator('#set-library').waitFor();
}

describe('web mode without the demo gateway', () => {
  it('does not offer a demo gateway it does not have', async () => {
    const { page } = studio;
    await atWelcome();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    expect(await page.getByTestId('try-demo').count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"demoAvailable":false');
  });

  it('says, at the key field, how web mode will keep the key: in plain text in a file, as Settings says', async () => {
    const { page } = studio;
    await atWelcome();
    const key = page.getByLabel('API key');
    const kept =
      'Web mode keeps it in plain text, not encrypted, in the file api-key in its data folder, readable by your user account only.';
    await page.getByText(kept, { exact: true }).waitFor();
    // The key field is described by that sentence, so a screen reader hears it with the field.
    const described = await key.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(kept);
    expect(await page.getByText('main process', { exact: false }).count()).toBe(0);
    await shotAndScanEachScheme(
      page,
      (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) }).then(() => undefined),
      'onboarding-key-kept',
    );
  });

  it('checks the address and the key before sending anything', async () => {
    const { page } = studio;
    await atWelcome();
    await page.locator('#onb-base-url').fill('ftp://gateway.example');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.locator('#onb-base-url').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#onb-key').getAttribute('aria-invalid')).toBe('true');
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"mode":"unconfigured"');
    await page.screenshot({ path: join(SHOTS, 'onboarding-invalid.png') });
  });

  it('[TBAL-3] connects with a base URL and a key, then shows the live balance and forgets the key', async () => {
    const { page, gateway } = studio;
    await atWelcome();
    await page.locator('#onb-base-url').fill(gateway.url);
    await page.locator('#onb-key').fill(KEY);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('nav-create').waitFor();
    // A gateway of one's own: no demo badge, the balance from that gateway.
    expect(await page.locator('.demo-pill').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('balance-value').textContent(), { timeout: 15_000 })
      .toMatch(/^\d[\d,]*\.\d+ USD$/);
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"mode":"live"');
    expect(JSON.stringify(status)).toContain('"hasKey":true');
    expect(JSON.stringify(status)).not.toContain(KEY);
    expect(await page.content()).not.toContain(KEY);
    // A new studio: the empty pages say what will appear there.
    await page.getByTestId('nav-tasks').click();
    await page.locator('.empty-state').waitFor();
    await page.screenshot({ path: join(SHOTS, 'tasks-empty.png') });
    await page.getByTestId('nav-library').click();
    await page.locator('.empty-state').waitFor();
    await page.screenshot({ path: join(SHOTS, 'library-empty.png') });
    // Settings shows that a key is stored, never the key.
    await page.getByTestId('nav-settings').click();
    expect(await page.locator('#set-key').inputValue()).toBe('');
    expect(await page.locator('#set-base-url').inputValue()).toBe(gateway.url);
    expect(await page.getByRole('button', { name: 'Use the demo gateway' }).count()).toBe(0);
    expect(await page.content()).not.toContain(KEY);
  });

  it('keeps a new library folder and polling budget, refusing a relative folder and an out-of-range budget', async () => {
    const { page, dataDir } = studio;
    await onSettings();
    const storage = page.locator('form', { has: page.locator('#set-library') });
    const settings = async () =>
      (
        (await page.evaluate(async () => (await fetch('/trpc/settings.get')).json())) as {
          result: { data: { libraryDir: string | null; pollBudgetPerSecond: number } };
        }
      ).result.data;

    await page.locator('#set-library').fill('relative/folder');
    await page.locator('#set-budget').fill('80');
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#set-library').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#set-budget').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'settings-invalid.png') });
    expect(await settings()).toMatchObject({ libraryDir: null, pollBudgetPerSecond: 5 });

    const folder = join(dataDir, 'elsewhere');
    await page.locator('#set-library').fill(folder);
    await page.locator('#set-budget').fill('2');
    await storage.getByRole('button', { name: 'Save' }).click();
    await expect.poll(settings).toMatchObject({ libraryDir: folder, pollBudgetPerSecond: 2 });
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain(`"libraryDir":${JSON.stringify(folder)}`);
  });

  it('removing the key goes back to onboarding', async () => {
    const { page } = studio;
    await onSettings();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"hasKey":false');
    expect(JSON.stringify(status)).toContain('"mode":"unconfigured"');
  });
});
