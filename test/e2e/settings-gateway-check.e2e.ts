/// <reference lib="dom" />
// Settings › Connection on a gateway of one's own: a new address is asked before it is kept, as onboarding does.
// One where nothing answers is not saved with "Settings saved.": the address in use stays, the page says why, and
// "Save anyway" keeps it when the person says so. The key's hint says how web mode keeps the key: in plain text in
// a file only the user can read, not "stored securely". Both schemes have nothing serious for axe.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../support/closed-port';
import { emulateScheme, SCHEMES, shotAndScanEachScheme, violationLines } from './axe-scan';
import { goTo, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';
import { callStudio } from './studio-bridge';

const studio = useOwnGatewayStudio('settings-check');

const savedBaseUrl = async (): Promise<string | null> =>
  (await callStudio<{ baseUrl: string | null }>(studio.page, 'settings.get')).baseUrl;

describe('Settings › Connection', () => {
  it('says how web mode keeps the key, truthfully', async () => {
    await connect(studio);
    const { page } = studio;
    await goTo(page, 'Settings');
    await page
      .getByText(
        'A key is set. Web mode keeps it in plain text, not encrypted, in the file api-key in its data folder, readable by your user account only.',
      )
      .waitFor();
    expect(await page.getByText('A key is stored securely.').count()).toBe(0);
    await page.getByLabel('API key').scrollIntoViewIfNeeded();
    await shotAndScanEachScheme(
      page,
      (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) }).then(() => undefined),
      'settings-key-kept',
    );
  });

  it('an address where nothing answers is kept out until "Save anyway"', async () => {
    const { page } = studio;
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const field = page.getByLabel('Gateway base URL');
    await field.fill(dead);
    await field.press('Enter');
    const alert = page.getByTestId('settings-unreachable');
    await alert.getByText(`Could not reach ${dead}.`, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Settings saved.').count()).toBe(0);
    expect(await savedBaseUrl()).toBe(studio.gateway.url);
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await page.screenshot({ path: join(SHOTS, `settings-unreachable-${scheme}.png`) });
      expect(await violationLines(page)).toEqual([]);
    }
    await alert.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await savedBaseUrl()).toBe(dead);
  });
});
