/// <reference lib="dom" />
// The Tasks page of a studio with 10 000 tasks (written into its database before it opens): the feed keeps a
// window of rows in the DOM however far it is scrolled, each row says its place among the 10 000, and the
// keyboard (Page Down, ↓, End) moves the focus through rows that were not in the DOM before the key, the next
// page loading as the focus nears the end of what is loaded.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { seedTasks } from './seeded-tasks';

const SEEDED = 10_000;
/** A window's worth of rows and then some: far fewer than a page of tasks (200). */
const WINDOW_LIMIT = 40;

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) =>
  seedTasks(dataDir, SEEDED, (i) => `Harbour light number ${i}`),
);

const rows = () => page.getByTestId('task-row');
/** The focused row's place (aria-posinset), or null when the focus is not on a row. */
const focusedPlace = () =>
  page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-posinset') ?? null);

describe('the Tasks feed with 10 000 tasks', () => {
  it('keeps a window of rows in the DOM and the keyboard moves through them', async () => {
    await goTo(page, 'Tasks');
    const shown = page.getByTestId('tasks-shown');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 200 of 10000 tasks');
    const feed = page.getByRole('feed', { name: 'Tasks' });
    const newest = feed.getByRole('article', { name: /Harbour light number 10000$/ });
    await newest.waitFor();
    expect(await newest.getAttribute('aria-posinset')).toBe('1');
    expect(await newest.getAttribute('aria-setsize')).toBe(String(SEEDED));
    expect(await rows().count()).toBeLessThan(WINDOW_LIMIT);

    // Page Down and ↓ step the focus one row at a time, past the rows first rendered.
    await newest.focus();
    for (let i = 1; i <= 24; i += 1) {
      await page.keyboard.press(i % 2 ? 'PageDown' : 'ArrowDown');
      await expect.poll(focusedPlace, { timeout: 10_000 }).toBe(String(i + 1));
    }
    const focused = page.locator('article:focus');
    expect(await focused.getAttribute('aria-label')).toBeNull();
    await expect.poll(() => focused.textContent()).toContain(`Harbour light number ${SEEDED - 24}`);
    expect(await rows().count()).toBeLessThan(WINDOW_LIMIT);
    // The focused row is on screen: the page scrolled to it.
    expect(await focused.isVisible()).toBe(true);
    await studio.shot('task-feed-01-keyboard');

    // End goes to the last loaded row; being near the end, the next page loads, and ↓ goes on into it.
    await page.keyboard.press('End');
    await expect.poll(focusedPlace, { timeout: 10_000 }).toBe('200');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 400 of 10000 tasks');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedPlace, { timeout: 10_000 }).toBe('201');
    await expect
      .poll(() => page.locator('article:focus').textContent())
      .toContain(`Harbour light number ${SEEDED - 200}`);
    expect(await rows().count()).toBeLessThan(WINDOW_LIMIT);

    // The wheel too: far down the list, still a window, and the rows there are the ones on screen.
    const main = page.getByRole('main');
    await main.hover();
    for (let i = 0; i < 20; i += 1) await page.mouse.wheel(0, 1500);
    await expect.poll(() => main.evaluate((el) => el.scrollTop), { timeout: 10_000 }).toBeGreaterThan(20_000);
    expect(await rows().count()).toBeLessThan(WINDOW_LIMIT);
    expect(await focusedPlace()).toBe('201');
    // Home brings the focus (kept on its row while scrolled away) back to the first task.
    await page.keyboard.press('Home');
    await expect.poll(focusedPlace, { timeout: 10_000 }).toBe('1');
    await studio.shot('task-feed-02-home');
    expect(studio.pageErrors).toEqual([]);
  });
});
