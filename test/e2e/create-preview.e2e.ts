/// <reference lib="dom" />
// Create's result preview is a way on, not a dead end: the result opens in the library's viewer with every
// action (in web mode "Download as zip", with why no folder can be opened); a result deleted since says so
// instead of sitting on "100%"; and another gateway starts with an empty preview, not the last one's task.
import { afterAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();
let other: RunningSimulator | null = null;
afterAll(async () => {
  await other?.close();
});

const PROMPT = 'a red kite over the dunes';

describe('the Create preview', () => {
  it('opens the result in the viewer with its actions, and a web-mode zip instead of a folder', async () => {
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill(PROMPT);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByTestId('task-preview');
    await preview.getByTestId('preview-image').first().waitFor({ timeout: 60_000 });
    await studio.shot('create-preview-result');

    await preview.getByRole('button', { name: 'Open in viewer' }).click();
    const viewer = page.getByRole('dialog', { name: PROMPT, exact: true });
    await viewer.getByRole('heading', { name: 'Details' }).waitFor();
    const actions = viewer.getByRole('group', { name: 'Actions' });
    for (const name of ['Favourite', 'Use as reference…', 'Edit and run again', 'Delete'])
      await actions.getByRole('button', { name, exact: true }).waitFor();
    await viewer.getByText('A browser cannot open folders on this computer', { exact: false }).waitFor();
    const zip = actions.getByRole('button', { name: 'Download as zip' });
    expect(await zip.getAttribute('aria-describedby')).toBeTruthy();
    const [file] = await Promise.all([page.waitForEvent('download'), zip.click()]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    await studio.shot('viewer-web-zip');

    // Deleted from the library: the preview says so, never a bare "100%".
    await actions.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => viewer.count()).toBe(0);
    await goTo(page, 'Create');
    await preview.getByText('Made, then deleted from the library.').waitFor({ timeout: 30_000 });
    expect(await preview.getByText('100%').count()).toBe(0);
    await studio.shot('create-preview-deleted');
  });

  it('shows nothing of the demo gateway’s task once another gateway is in use', async () => {
    other = await startSimulator({ port: 0, log: () => {} });
    await goTo(page, 'Settings');
    await page.getByLabel('Gateway base URL').fill(other.url);
    await page.getByLabel('Gateway base URL').press('Enter');
    await page.getByText('Settings saved.').first().waitFor();
    await page.getByLabel('API key').fill(SIM_KEYS.default);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect
      .poll(
        async () =>
          (await page.evaluate(async () => (await fetch('/trpc/session.status')).json())) as unknown,
      )
      .toMatchObject({ result: { data: { mode: 'live' } } });
    await goTo(page, 'Create');
    await page.getByText('Press Generate and follow the progress here or in Tasks.').waitFor();
    expect(await page.getByTestId('task-preview').count()).toBe(0);
  });
});
