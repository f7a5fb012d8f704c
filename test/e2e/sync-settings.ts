// Settings › Sync as a person reaches it, for the browser tests of the sync remotes (sync.e2e.ts, sync-remotes.e2e.ts).
import type { Page } from 'playwright-core';
import { goTo } from './demo-studio';

/** Opens Settings, then its Sync page, and waits for the Remote section. */
export async function openSyncSettings(page: Page): Promise<void> {
  await goTo(page, 'Settings');
  await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Sync' }).click();
  await page.getByRole('heading', { name: 'Remote', exact: true }).waitFor();
}
