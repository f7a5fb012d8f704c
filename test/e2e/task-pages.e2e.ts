/// <reference lib="dom" />
// The Tasks page once stopped at 200 tasks and never said there were more. With 230 tasks in the
// studio's own database (written there before it opens, as a long-used studio would have them) the page shows
// the newest 200 and says "Showing 200 of 230 tasks"; Load more brings the rest, down to the very first task
// (reached with End, the list being virtualised).
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { seedTasks } from './seeded-tasks';

const SEEDED = 230;

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) =>
  seedTasks(dataDir, SEEDED, (i) => `Seeded lighthouse number ${i}`),
);

describe('the Tasks page with more than one page of tasks', () => {
  it('shows how many of how many, and Load more brings the rest down to the first task', async () => {
    await goTo(page, 'Tasks');
    const rows = page.getByTestId('task-row');
    const shown = page.getByTestId('tasks-shown');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 200 of 230 tasks');
    // Budgets count per gateway, so does the total: the live gateway's tasks are listed, not summed with the demo.
    await expect
      .poll(() => page.getByTestId('tasks-total').textContent())
      .toBe('No tasks on this gateway; 230 tasks sent to other gateways are not counted');
    // The feed is virtualised (task-feed.e2e.ts): the rows say their place among all 230.
    expect(await rows.first().getAttribute('aria-setsize')).toBe(String(SEEDED));
    await page.getByText('Seeded lighthouse number 230', { exact: true }).waitFor();
    expect(await page.getByText('Seeded lighthouse number 1', { exact: true }).count()).toBe(0);

    // Every text the app's one live region takes from here on: another message may follow this one within
    // moments (tasks load and are said on their own), so a poll of the region's current text can miss it.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const read = () => document.querySelector('[data-testid="announcement"]')?.textContent ?? '';
      new MutationObserver(() => {
        const text = read();
        if (text && said.at(-1) !== text) said.push(text);
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    });
    const loadMore = page.getByRole('button', { name: 'Load more tasks' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 230 of 230 tasks');
    // Said once, politely, through the app's one live region (the count itself is not live: pages also load
    // by themselves as the feed scrolls). It may wait out the announcer's 3 s window behind another message.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said), { timeout: 15_000 })
      .toContain('Showing 230 of 230 tasks');
    expect(await shown.getAttribute('aria-live')).toBeNull();
    await rows.first().focus();
    await page.keyboard.press('End');
    const last = page.getByRole('article', { name: /Seeded lighthouse number 1$/ });
    await expect
      .poll(() => last.evaluate((el) => el === document.activeElement), { timeout: 15_000 })
      .toBe(true);
    expect(await last.getAttribute('aria-posinset')).toBe(String(SEEDED));
    await expect.poll(() => loadMore.count()).toBe(0);
    await studio.shot('task-pages-01-all-loaded');
    expect(studio.pageErrors).toEqual([]);
  });
});
