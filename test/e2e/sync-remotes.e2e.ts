/// <reference lib="dom" />
// Settings › Sync set up through the page for the two remotes sync.e2e.ts does not drive: an S3-compatible
// bucket (npm's s3rver, started here) and a plain folder. For each, "Test connection" first says in words that
// the bucket or folder is missing (a folder it offers to create, a bucket not), then connects; "Save and sync" completes a round, and the remote then holds
// the library's format, the device's log and the result's file. Switching from the bucket to the folder sends
// the whole library again. One web-mode instance on the demo gateway, a real browser.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_KEY, startS3rver, type RunningServer } from '../support/sync-servers';
import { generateIntoLibrary, useDemoStudio } from './demo-studio';
import { openSyncSettings } from './sync-settings';

const PROMPT = 'A tin robot watering a windowsill fern, morning light';

let s3: RunningServer;
let folder: string;

// The bucket's server runs before the studio opens, the studio's own hooks being declared after these.
beforeAll(async () => {
  s3 = await startS3rver('studio-bucket');
  folder = await mkdtemp(join(tmpdir(), 'studio-e2e-folder-remote-'));
});

afterAll(async () => {
  await s3?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const { studio, page } = useDemoStudio(0.05);

/** The kind of remote, chosen as a person does: its chip. */
async function chooseKind(kind: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Kind of remote' }).getByText(kind, { exact: true }).click();
  await expect.poll(() => page.getByRole('radio', { name: kind, exact: true }).isChecked()).toBe(true);
}

async function testSays(words: string): Promise<void> {
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect
    .poll(() => page.getByTestId('sync-test-result').textContent(), { timeout: 30_000 })
    .toContain(words);
}

/** Save and sync, then the status once a round has completed since. */
async function saveAndSync(): Promise<void> {
  await page.getByRole('button', { name: 'Save and sync' }).click();
  await page.getByText('Sync setup saved.').waitFor();
  await expect
    .poll(() => page.getByTestId('sync-status').textContent(), { timeout: 60_000 })
    .toMatch(/^Up to date\. Last completed/);
}

/** Every file name under a folder, relative to it. */
async function namesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('Settings › Sync with an S3 bucket and a plain folder', () => {
  it('sets up an S3-compatible bucket: a missing bucket in words, then connected, and a round sends the library', async () => {
    await generateIntoLibrary(page, PROMPT);

    await openSyncSettings(page);
    await chooseKind('S3 bucket');
    await page.getByLabel('Endpoint', { exact: true }).fill(s3.url);
    await page.getByLabel('Region', { exact: true }).fill('us-east-1');
    await page.getByLabel('Bucket', { exact: true }).fill('no-such-bucket');
    await page.getByLabel('Folder in the bucket', { exact: true }).fill('studio');
    await page.getByLabel('Access key', { exact: true }).fill(S3RVER_KEY);
    await page.getByLabel('Secret key', { exact: true }).fill(S3RVER_KEY);
    await testSays('The bucket or folder does not exist on the remote.');
    // A bucket is the provider's to create: the studio does not offer to.
    expect(await page.getByRole('button', { name: 'Create this folder' }).count()).toBe(0);
    await page.getByLabel('Bucket', { exact: true }).fill('studio-bucket');
    await testSays('Connected');
    await page.getByLabel('This device’s name').fill('Studio desk');
    await saveAndSync();

    const stored = await namesUnder(join(s3.dir, 'studio-bucket'));
    expect(stored.some((name) => name.startsWith('studio/studio-sync.json'))).toBe(true);
    expect(stored.some((name) => name.startsWith('studio/devices/'))).toBe(true);
    expect(stored.some((name) => name.startsWith('studio/blobs/'))).toBe(true);
  });

  it('switches to a plain folder: a missing folder in words, then connected, and the library is sent again', async () => {
    await chooseKind('Folder');
    await page.getByLabel('Folder path', { exact: true }).fill(join(folder, 'studio'));
    await testSays('The bucket or folder does not exist on the remote.');
    // The studio offers to make it; pressed from the keyboard, as the focus is already on the page's buttons.
    await page.getByRole('button', { name: 'Create this folder' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('sync-test-result').textContent(), { timeout: 30_000 })
      .toContain('Connected');
    expect((await stat(join(folder, 'studio'))).isDirectory()).toBe(true);
    // Set up already, the button keeps the new remote; Sync now sends the library there.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Folder path', exact: true }).inputValue())
      .toBe(join(folder, 'studio'));
    await page.getByRole('button', { name: 'Sync now' }).click();
    const target = join(folder, 'studio');
    await expect
      .poll(async () => (await namesUnder(target)).some((name) => name.startsWith('blobs/')), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByTestId('sync-status').textContent(), { timeout: 60_000 })
      .toMatch(/^Up to date\. Last completed/);
    const stored = await namesUnder(target);
    expect(stored).toContain('studio-sync.json');
    expect(stored.some((name) => name.startsWith('devices/') && name.endsWith('head.json'))).toBe(true);
    expect(studio.pageErrors).toEqual([]);
  });
});
