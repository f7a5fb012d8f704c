/// <reference lib="dom" />
// A key is "saved" only when the gateway takes it; web mode keeps it across a restart (a 0600 file in its data
// folder), and once it is removed a restart brings back onboarding with the base URL still filled in.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOTS } from './demo-studio';
import { useOwnGatewayStudio } from './own-gateway-studio';

const studio = useOwnGatewayStudio('key');

describe('checking the key with the gateway', () => {
  it('[AUTH-2] [ERR-4] a key the gateway refuses keeps onboarding open and says so', async () => {
    const { page, web, gateway } = studio;
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
    const { page, gateway } = studio;
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
    await expect
      .poll(() => page.getByTestId('balance-value').textContent(), { timeout: 15_000 })
      .toMatch(/USD$/);
    expect(await page.getByTestId('balance').getAttribute('class')).not.toContain('is-error');
    await page.getByTestId('nav-settings').click();
    await page.getByLabel('API key').fill(gateway.keys.default);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Key saved.').waitFor();
  });

  it('after a restart the key is still there (a 0600 file): the studio opens without asking for it', async () => {
    const { page, gateway } = studio;
    await studio.restart();
    await page.goto(studio.web.url);
    await page.getByTestId('nav-create').waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(status)).toContain('"hasKey":true');
    expect(JSON.stringify(status)).not.toContain(gateway.keys.default);
  });

  it('with the key removed, a restart brings onboarding back with the base URL settings still hold', async () => {
    const { page, gateway } = studio;
    await page.getByTestId('nav-settings').click();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
    await studio.restart();
    await page.goto(studio.web.url);
    await page.getByRole('heading', { name: 'Welcome to Gateway Studio' }).waitFor();
    await expect.poll(() => page.getByLabel('Gateway base URL').inputValue()).toBe(gateway.url);
    await page.screenshot({ path: join(SHOTS, 'onboarding-after-restart.png') });
    await page.getByLabel('API key').fill(gateway.keys.default);
    await page.getByLabel('API key').press('Enter');
    await page.getByTestId('nav-create').waitFor();
  });
});
