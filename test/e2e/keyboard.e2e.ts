/// <reference lib="dom" />
// Keyboard-first, as a person who never touches the mouse: the command palette (Ctrl+K) reaches pages, families,
// recent items, Run again on the last task, sync, the theme and the language, fuzzy and in either language; `?` lists the shortcuts; and the
// main flow runs from the keyboard alone: from an empty app to a generated picture (P, typing, Ctrl+Enter),
// found in the library (/), tagged, compared with a second one, and exported, the focus never lost on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openDemoStudio, type DemoStudio } from './demo-studio';

let studio: DemoStudio;
let page: Page;

beforeAll(async () => {
  studio = await openDemoStudio(0.02);
  page = studio.page;
});

afterAll(async () => {
  await studio?.close();
});

// Its name follows the app's language, which one test switches.
const palette = () => page.getByRole('dialog', { name: /^(Command palette|命令面板)$/ });
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` : 'none';
  });

/** Presses Tab until this element has the focus (as a person tabs through a page), at most `max` times. */
async function tabTo(target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    // A bounded look: a target that is briefly detached (the grid re-renders under load) must not
    // hold one step for the whole action timeout, or sixty steps outlast the test.
    const focusedNow = await target
      .evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 })
      .catch(() => false);
    if (focusedNow) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function runFromPalette(search: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await palette().waitFor();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await palette().waitFor({ state: 'detached' });
}

describe('the command palette', () => {
  it('opens on Ctrl+K with the focus in its field, and Esc gives the focus back', async () => {
    await page.getByTestId('nav-create').focus();
    await page.keyboard.press('Control+k');
    await expect
      .poll(() =>
        palette()
          .getByRole('combobox')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await studio.shot('keyboard-palette');
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
    expect(await focused()).toBe('a');
  });

  it('goes to a page and a family by a fuzzy name, in English and in Chinese', async () => {
    await runFromPalette('librar');
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    await runFromPalette('用量');
    await page.getByRole('heading', { level: 1, name: 'Usage' }).waitFor();
    await runFromPalette('video v2');
    await page.getByTestId('form-video.v2').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/create/video.v2');
  });

  it('switches the theme and the language', async () => {
    await runFromPalette('theme dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    await runFromPalette('简体中文');
    await page.getByRole('heading', { level: 1, name: '创作' }).waitFor();
    // The palette answers to English names while the app speaks Chinese.
    await runFromPalette('language english');
    await page.getByRole('heading', { level: 1, name: 'Create' }).waitFor();
    await runFromPalette('theme system');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset['theme'] ?? 'none'))
      .toBe('none');
  });

  it('says so when nothing matches', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('zzqqxx');
    await palette().getByText('Nothing matches.').waitFor();
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
  });
});

describe('the shortcut sheet', () => {
  it('lists every shortcut on ?, and Esc closes it', async () => {
    await page.getByTestId('nav-create').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    for (const action of [
      'Open the command palette',
      'Search the library',
      'Undo a delete',
      'Go to the prompt',
    ]) {
      await sheet.getByRole('cell', { name: action }).waitFor();
    }
    expect(await sheet.getByRole('row').count()).toBe(13);
    await studio.shot('keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await focused()).toBe('a');
  });
});

describe('the main flow from the keyboard alone', () => {
  const FIRST = 'A lighthouse on a cliff at dusk';
  const SECOND = 'A lighthouse on a cliff at dawn';

  async function generate(prompt: string): Promise<void> {
    await page.keyboard.press('p');
    await expect.poll(focused).toMatch(/^textarea/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type(prompt);
    await page.keyboard.press('Control+Enter');
    await page
      .getByTestId('task-preview')
      .getByRole('img', { name: prompt })
      .first()
      .waitFor({ timeout: 60_000 });
  }

  it('generates two pictures, finds, tags, compares and exports them', async () => {
    // Empty app, on Create: P goes to the prompt; Ctrl+Enter generates from inside it. ] and [ step the family.
    await runFromPalette('image i3');
    await page.getByTestId('form-image.i3').waitFor();
    await page.locator('main').focus();
    await page.keyboard.press(']');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/create/image.i4');
    await page.keyboard.press('[');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/create/image.i3');
    await generate(FIRST);
    await page.locator('main').focus();
    await generate(SECOND);

    // Found in the library: / goes to the library's search from anywhere.
    await page.locator('main').focus();
    await page.keyboard.press('/');
    await expect.poll(focused).toBe('input#library-search');
    await page.keyboard.type('dusk');
    const tile = page
      .getByTestId('library-item')
      .filter({ has: page.getByRole('img', { name: FIRST, exact: true }) });
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(1);

    // Opened and tagged.
    await tabTo(tile);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: FIRST, exact: true });
    await viewer.waitFor();
    await tabTo(viewer.getByRole('combobox', { name: 'Add a tag' }));
    await page.keyboard.type('coast');
    await page.keyboard.press('Enter');
    await viewer.getByRole('button', { name: 'Remove tag coast' }).waitFor();

    // Compared with the second one, picked in the compare dialog by typing.
    await tabTo(viewer.getByRole('button', { name: 'Compare with…' }));
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Compare with' });
    await picker.waitFor();
    await page.keyboard.type('dawn');
    await tabTo(picker.getByRole('button', { name: SECOND, exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    await page.getByTestId('compare-side').getByRole('img', { name: SECOND }).waitFor();

    // Exported: back in the library, Ctrl+A selects what the search shows, Tab to Export, Enter.
    await page.locator('main').focus();
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('lighthouse');
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(2);
    await page.locator('main').focus();
    await page.keyboard.press('Control+a');
    await page.getByText('2 selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await tabTo(page.getByRole('button', { name: 'Export as zip' }));
        await page.keyboard.press('Enter');
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/2-items\.zip$/);
  });

  it('deletes with Delete and brings back with Ctrl+Z, the focus kept on the page', async () => {
    await page.getByText('2 selected').waitFor();
    await page.locator('main').focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(0);
    expect(await focused()).not.toBe('body');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(2);
    expect(await focused()).not.toBe('body');
  });

  it('favourites the item on show with S', async () => {
    const tile = page.getByTestId('library-item').first();
    await tile.waitFor({ timeout: 30_000 });
    await tabTo(tile);
    await page.keyboard.press('Enter');
    const favourite = page.getByTestId('item-favourite');
    await favourite.waitFor();
    const before = await favourite.getAttribute('aria-pressed');
    await page.keyboard.press('s');
    await expect.poll(() => favourite.getAttribute('aria-pressed')).not.toBe(before);
    await page.keyboard.press('Escape');
  });
});

describe('the palette once there is work', () => {
  // The main flow above made two pictures, so the palette now offers them and the last task.
  it('opens a recent item by its prompt, runs the last task again, and reaches sync', async () => {
    await page.locator('main').focus();
    await runFromPalette('open dawn');
    const viewer = page.getByRole('dialog', { name: 'A lighthouse on a cliff at dawn', exact: true });
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await runFromPalette('run the last');
    await page.getByText('Started again as a new task.').first().waitFor();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/tasks\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();

    await runFromPalette('sync');
    await page.getByText('Your library on every device, through storage you already have.').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/settings/sync');
  });
});
