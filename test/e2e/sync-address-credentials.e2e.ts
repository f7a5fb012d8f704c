/// <reference lib="dom" />
// Settings › Sync in a real browser: a WebDAV address pasted with its user name and password in it
// (http://user:password@host/dav) is refused beside the Address field with the sentence that says where they go,
// by Test connection and by Save and sync alike, and nothing is kept or sent: the studio's sync.json stays
// without it and no answer or event the page receives carries it back.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { launchChromium, type LaunchedBrowser } from './browser';
import { SHOTS } from './demo-studio';
import { openSyncSettings } from './sync-settings';
import { recordTraffic } from './traffic-recorder';

const PASSWORD = 'pasted-Pa55word-4e2d';
const SENTENCE = 'Do not put a user name or password in the address';

let dataDir: string;
let web: WebMode;
let browser: LaunchedBrowser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-sync-credentials-'));
  web = await startWebMode({ port: 0, demo: true, dataDir, log: () => undefined });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await web?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('Settings › Sync with credentials in the address', () => {
  it('refuses the address beside its field, keeps nothing and sends nothing', async () => {
    const traffic = await recordTraffic(browser.context);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    traffic.attach(page);
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Try the demo gateway' }).click();
    await page.getByTestId('nav-create').waitFor();
    await openSyncSettings(page);

    await page.getByRole('radio', { name: 'WebDAV' }).check();
    const address = page.getByLabel('Address');
    await address.fill(`http://studio:${PASSWORD}@127.0.0.1:9/dav`);
    await page.getByLabel('User', { exact: true }).fill('studio');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText(SENTENCE, { exact: false }).first().waitFor();
    // The sentence belongs to the Address field, as its description, so a screen reader says it there.
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'sync-address-credentials.png') });

    await page.getByRole('button', { name: 'Save and sync' }).click();
    await page.getByText(SENTENCE, { exact: false }).first().waitFor();
    await traffic.settle();
    const received = JSON.stringify([traffic.responses, traffic.events]);
    expect(received).not.toContain(PASSWORD);
    const kept = await readFile(join(dataDir, 'sync.json'), 'utf8').catch(() => '');
    expect(kept).not.toContain(PASSWORD);
  });
});
