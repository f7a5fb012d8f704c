/// <reference lib="dom" />
// WCAG 2.1 AA on Settings › Sync, in light and in dark (accessibility-create.e2e.ts and
// accessibility-library.e2e.ts scan the rest beyond the sidebar's pages): axe-core finds no serious or critical
// violation before it is set up (each kind of remote, encryption on, a missing folder with Create this folder,
// the Restore question) nor after it is set up against a folder that another device already uses (what came in,
// the devices, the Restore question and a restore's summary). Each dialog opened from a button hands the focus
// back to that button when Esc closes it.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addImage, openDevice } from '../core/sync/sync-devices';
import { useA11yStudio } from './a11y-rig';
import { emulateScheme, expectCleanDialog, SCHEMES } from './axe-scan';
import { SHOTS } from './demo-studio';
import { openSyncSettings } from './sync-settings';

const rig = useA11yStudio({});
const scan = rig.scan;
let page: Page;
beforeAll(() => {
  page = rig.page();
});

describe.each(SCHEMES)('WCAG 2.1 AA in %s', (scheme) => {
  beforeAll(async () => {
    await emulateScheme(page, scheme);
  });

  it.each(['S3 bucket', 'WebDAV', 'Folder'])(
    'Settings › Sync before it is set up, on a remote of kind %s',
    async (kind) => {
      await openSyncSettings(page);
      await page.getByRole('radiogroup', { name: 'Kind of remote' }).getByText(kind, { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: kind, exact: true }).isChecked()).toBe(true);
      expect(await scan()).toEqual([]);
    },
  );

  it('Settings › Sync before it is set up: a missing folder with Create this folder, and the Restore question', async () => {
    await openSyncSettings(page);
    await page
      .getByRole('radiogroup', { name: 'Kind of remote' })
      .getByText('Folder', { exact: true })
      .click();
    await page.getByLabel('Folder path', { exact: true }).fill(join(rig.folder(), `missing-${scheme}`));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('button', { name: 'Create this folder' }).waitFor({ timeout: 30_000 });
    expect(await scan()).toEqual([]);
    await page.getByTestId('sync-test-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `sync-create-folder-${scheme}.png`) });
    await expectCleanDialog(
      page.getByRole('button', { name: 'Restore from remote' }),
      page.getByRole('alertdialog', { name: 'Restore from remote' }),
    );
  });

  it('Settings › Sync with end-to-end encryption switched on', async () => {
    await openSyncSettings(page);
    const encryption = page.getByRole('switch', { name: 'End-to-end encryption' });
    if (!(await encryption.isChecked())) await encryption.click();
    await page.getByLabel('Passphrase', { exact: true }).waitFor();
    expect(await scan()).toEqual([]);
  });
});

describe('Settings › Sync set up against a folder', () => {
  beforeAll(async () => {
    await emulateScheme(page, 'light');
    await openSyncSettings(page);
    await page
      .getByRole('radiogroup', { name: 'Kind of remote' })
      .getByText('Folder', { exact: true })
      .click();
    const remote = join(rig.folder(), 'remote');
    await mkdir(remote);
    // Another device already syncs there: its item comes in, and it is listed among the devices.
    const laptop = openDevice(rig.folder(), 'studio-laptop', { remote: { kind: 'folder', path: remote } });
    await addImage(laptop, 'A heron in the reeds at dawn');
    await laptop.sync.runRound();
    await laptop.close();
    await page.getByLabel('Folder path', { exact: true }).fill(remote);
    await page.getByRole('button', { name: 'Save and sync' }).click();
    await page
      .getByTestId('sync-status')
      .filter({ hasText: /^Up to date\. Last completed/ })
      .waitFor({ timeout: 60_000 });
  });

  it.each(SCHEMES)('its status, its Restore section and the Restore question in %s', async (scheme) => {
    await emulateScheme(page, scheme);
    await page.getByTestId('sync-last-received').filter({ hasText: 'from studio-laptop' }).waitFor();
    await page.getByRole('table', { name: 'Devices on this remote' }).getByText('studio-laptop').waitFor();
    expect(await scan()).toEqual([]);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `sync-status-devices-${scheme}.png`) });
    await expectCleanDialog(
      page.getByRole('button', { name: 'Restore from remote' }),
      page.getByRole('alertdialog', { name: 'Restore from remote' }),
    );
  });
});

describe('a restore’s summary in Settings › Sync', () => {
  it.each(SCHEMES)('in %s', async (scheme) => {
    await emulateScheme(page, scheme);
    await page.getByRole('button', { name: 'Restore from remote' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore from remote' })
      .getByRole('button', { name: 'Restore from remote' })
      .click();
    const summary = page.getByTestId('sync-restore-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await scan()).toEqual([]);
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `sync-restore-summary-${scheme}.png`) });
  });
});
