/// <reference lib="dom" />
// A result link revoked before its expires_at, in a browser on a demo gateway whose file host refuses
// the first link of every file with S3's 403 AccessDenied, "Request has expired" (the simulator's links.revoke):
// the task asks the gateway for a fresh link, and the picture arrives in the library from that renewed link,
// with no "did not arrive" on its task.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio(0.05, undefined, undefined, undefined, { links: { revoke: 1 } });

const PROMPT = 'A kite over the harbour wall, its link revoked early';
const SLOW = { timeout: 90_000, intervals: [250] };

describe('a result link revoked before it expires', () => {
  it('is renewed: the task saves its file and the picture arrives in the library from the fresh link', async () => {
    await chooseFamily(page, 'image.i4');
    await page.getByLabel('Prompt', { exact: true }).fill(PROMPT);
    await page.getByRole('button', { name: 'Generate' }).click();

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: PROMPT });
    await expect.poll(() => row.getByTestId('task-files').textContent(), SLOW).toBe('1 of 1 files saved');
    expect(await row.textContent()).not.toContain('did not arrive');
    await studio.shot('revoked-link-01-task-saved');

    await goTo(page, 'Library');
    const tile = page.getByTestId('library-item').filter({ hasText: PROMPT });
    await tile.waitFor({ timeout: 30_000 });
    await tile.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('item-dialog');
    await viewer.waitFor();
    // The gateway's link the file came from, shown on hover: a later signature than the refused first one.
    const source = await viewer.getByTestId('item-gateway-file').getAttribute('title');
    expect(Number(/\?sig=(\d+)$/.exec(source ?? '')?.[1])).toBeGreaterThanOrEqual(2);
    await studio.shot('revoked-link-02-in-library');
    expect(studio.pageErrors).toEqual([]);
  });
});
