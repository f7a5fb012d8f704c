/// <reference lib="dom" />
// A task whose files did not all arrive (once shown as "0 of 1 files saved" under a green Completed), driven as a person would on a
// demo gateway whose file server refuses every download until the links expire: the task never reads as a
// success, says which file is missing and why, offers Try again (a fresh status poll, then the download) and
// says plainly that the result is lost, on Create's preview and on the Tasks page alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../electron/core/clock';
import { afterStep, attributeNow, STEPPED } from './clock-steps';
import { chooseFamily, goTo, openDemoStudio, type DemoStudio } from './demo-studio';

let studio: DemoStudio;
let page: Page;
// A fast demo clock: I4's 24-hour links ([LIM-12]) last about 17 seconds of it; every file request fails. The clock is
// the studio's and its gateway's, moved a second at each read (clock-steps.ts), so those seconds pass as the page is
// read instead of in real time.
const clock = new ManualClock(Date.now());
const stepped = <T>(read: () => Promise<T>) => afterStep(page, clock, 1000, read);

beforeAll(async () => {
  studio = await openDemoStudio(
    0.0002,
    { rate: 1, kinds: ['502'], paths: ['/files/'] },
    undefined,
    undefined,
    { clock },
  );
  page = studio.page;
});

afterAll(async () => {
  await studio?.close();
});

describe('a result whose files did not arrive', () => {
  it('[TASK-10] [LIM-12] is never a green Completed: it names the missing file, why, and offers Try again', async () => {
    await chooseFamily(page, 'image.i4');
    await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse whose picture never arrives');
    await page.getByRole('button', { name: 'Generate' }).click();

    const preview = page.getByTestId('task-preview');
    // The file server refuses: after the quick tries the preview says the file is missing, not "Completed".
    await expect
      .poll(
        stepped(() => preview.getByTestId('task-missing-files').count()),
        STEPPED,
      )
      .toBe(1);
    expect(await preview.getByTestId('task-state').textContent()).toBe('Files missing');
    // The link expires; a fresh status poll gives no new one: the preview says the result is lost.
    await expect
      .poll(
        stepped(() => preview.getByText(/The result is lost/).count()),
        STEPPED,
      )
      .toBe(1);
    await preview
      .getByText('File 1 (picture): its link expired and the gateway offers no new one.')
      .waitFor();
    await studio.shot('missing-01-create-preview-lost');

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: 'A lighthouse whose picture never arrives' });
    await expect.poll(() => row.getByTestId('task-state').textContent()).toBe('Files missing');
    await row.getByText(/The result is lost: 1 of 1 files/).waitFor();
    const tryAgain = row.getByRole('button', { name: 'Try again' });
    await tryAgain.click();
    // Try again asked the gateway again (a fresh poll) and still found no working link: it says so, calmly.
    await expect
      .poll(
        stepped(async () => (await attributeNow(tryAgain, 'class')) ?? ''),
        STEPPED,
      )
      .not.toContain('is-busy');
    await row.getByText('File 1 (picture): its link expired and the gateway offers no new one.').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).count()).toBe(0);
    await studio.shot('missing-02-tasks-lost');
    expect(studio.pageErrors).toEqual([]);
  });
});
