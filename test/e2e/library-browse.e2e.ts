/// <reference lib="dom" />
// Tags, as a person uses them: every kind of tile shows its content (a video a frame of
// itself, a track its cover and length, speech its first words, captions without hovering); the toolbar sorts
// and filters, keeps its state in the address (Back and reload), and an empty result says so and clears; the
// viewer steps through the filtered, sorted list; tags are added and removed from the keyboard, suggested as
// typed, and filter the grid.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { seedLibrary } from './seeded-library';
import { loadedCount, loadedWidth } from './page-pictures';

// Costs and days are distinct so every sort has one right order. Newest first: Fox, Lantern, Orchard, Glacier.
const PICTURES = [
  { prompt: 'Red fox curled up in fresh snow', colour: '#c8552d', daysAgo: 0, cost: 0.04 },
  { prompt: 'Paper lanterns over a night market', colour: '#e0a630', daysAgo: 2, cost: 0.12 },
  { prompt: 'Orchard in bloom, soft morning light', colour: '#8fbf6a', daysAgo: 4, cost: 0.02 },
  { prompt: 'Glacier cave, blue ice walls', colour: '#3d7fc4', daysAgo: 6, cost: 0.3 },
] as const;

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) =>
  seedLibrary(
    dataDir,
    PICTURES.map((p, i) => ({ ...p, width: 900 + i * 10, height: 900 })),
    [
      {
        text: 'Once upon a time, in a harbour town where the fog never lifted, there lived a keeper of clocks',
        seconds: 4,
        daysAgo: 5,
      },
    ],
    {
      videos: [{ prompt: 'Drone shot over a misty pine forest', daysAgo: 1 }],
      tracks: [{ title: 'Midnight Drive', prompt: 'synthwave, warm pads', cover: '#5b2a86', daysAgo: 3 }],
    },
  ),
);

const tiles = () => page.getByTestId('library-item');
const hash = () => page.evaluate(() => window.location.hash);
const captions = () => page.getByTestId('tile-caption').allTextContents();
const viewer = () => page.getByTestId('item-dialog');

/** Picks a kind as a person does: a click on its chip (the radio inside is drawn by its label). */
async function kind(name: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Kind' }).getByText(name, { exact: true }).click();
}

async function openLibrary(): Promise<void> {
  await goTo(page, 'Library');
  await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBe(7);
}

describe('the library grid and toolbar', () => {
  it('shows each kind as itself: a video frame, a cover with its length, the first words spoken, captions', async () => {
    await openLibrary();
    // The video tile shows a frame of the clip: first from the file, then the poster it stored.
    const video = tiles().and(page.locator('[data-kind="video"]'));
    await expect.poll(() => video.getByTestId('tile-video-poster').count(), { timeout: 20_000 }).toBe(1);
    const poster = video.getByTestId('tile-video-poster');
    await expect.poll(() => loadedWidth(poster)).toBeGreaterThan(100);
    // Pixels, not an icon: the frame has picture content (many distinct colours, not one flat fill).
    const colours = await poster.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 7)
        seen.add(((data[i] ?? 0) >> 4) * 256 + ((data[i + 1] ?? 0) >> 4) * 16 + ((data[i + 2] ?? 0) >> 4));
      return seen.size;
    });
    expect(colours).toBeGreaterThan(8);
    // A track: its cover and its length.
    const track = tiles().and(page.locator('[data-kind="audio"]'));
    await expect.poll(() => loadedWidth(track.locator('img'))).toBeGreaterThan(0);
    expect(await track.locator('.tile-badge').textContent()).toBe('1:35');
    expect(await track.getByTestId('tile-caption').textContent()).toBe('Midnight Drive');
    // Speech: the first words it says, over its waveform drawn from the audio (and stored, as a poster is).
    const speech = tiles().and(page.locator('[data-kind="speech"]'));
    expect(await speech.getByTestId('tile-speech-words').textContent()).toContain(
      'Once upon a time, in a harbour town',
    );
    await expect.poll(() => loadedCount(speech.getByTestId('tile-speech-wave')), { timeout: 15_000 }).toBe(1);
    // Captions show without hovering on tiles this size.
    await page.mouse.move(0, 0);
    const fox = tiles().filter({ hasText: PICTURES[0].prompt });
    await expect
      .poll(() => fox.getByTestId('tile-caption').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await studio.shot('library-grid');
    // The poster was stored once: after a reload the video tile is a plain picture from the start.
    await page.reload();
    await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBe(7);
    await expect.poll(() => video.getByTestId('tile-video-poster').count()).toBe(1);
    expect(await video.getByTestId('tile-video-frame').count()).toBe(0);
    await expect.poll(() => speech.getByTestId('tile-speech-wave').count()).toBe(1);
  });

  it('sorts by cost, the order visible in the grid, the viewer stepping through it; the address keeps it', async () => {
    await openLibrary();
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Highest cost' });
    await kind('Images');
    await expect
      .poll(captions)
      .toEqual([PICTURES[3].prompt, PICTURES[1].prompt, PICTURES[0].prompt, PICTURES[2].prompt]);
    expect(await hash()).toBe('#/library?sort=cost&kind=image');
    // The viewer walks exactly that list.
    const first = tiles().first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => viewer().getByTestId('viewer-position').textContent()).toBe('1 of 4');
    expect(await viewer().getByTestId('viewer-details').textContent()).toContain(PICTURES[3].prompt);
    expect(await hash()).toMatch(/^#\/library\/[0-9a-f-]{36}\?sort=cost&kind=image$/);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => viewer().getByTestId('viewer-details').textContent())
      .toContain(PICTURES[1].prompt);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => viewer().getByTestId('viewer-details').textContent())
      .toContain(PICTURES[0].prompt);
    await page.keyboard.press('Escape');
    await expect.poll(hash).toBe('#/library?sort=cost&kind=image');
    await viewer().waitFor({ state: 'detached' });
    // Oldest first, by the same control.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Oldest first' });
    await expect
      .poll(captions)
      .toEqual([PICTURES[3].prompt, PICTURES[2].prompt, PICTURES[1].prompt, PICTURES[0].prompt]);
  });

  it('a filter with no match says so, names the filters, and Clear brings everything back', async () => {
    await page.goto(`${studio.url.split('#')[0]}#/library`);
    await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBe(7);
    await kind('Video');
    await expect.poll(() => tiles().count()).toBe(1);
    await page.getByRole('button', { name: 'Favourites' }).click();
    await page.getByText('No items match these filters.').waitFor();
    expect(await page.getByTestId('active-filters').textContent()).toBe('Video · Favourites');
    expect(await page.getByText('Nothing here yet').count()).toBe(0);
    await studio.shot('library-no-match');
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => tiles().count()).toBe(7);
    expect(await hash()).toBe('#/library');
    expect(await page.getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
    // A search that finds nothing says what was searched.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('zebra unicorn');
    await page.getByText('No items match “zebra unicorn”.').waitFor();
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => tiles().count()).toBe(7);
    expect(await page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('');
  });

  it('Back and reload restore the filter', async () => {
    await page.goto(`${studio.url.split('#')[0]}#/library`);
    await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBe(7);
    await kind('Images');
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lantern');
    await expect.poll(captions).toEqual([PICTURES[1].prompt]);
    await goTo(page, 'Tasks');
    await expect.poll(hash).toMatch(/^#\/tasks/);
    await page.goBack();
    await expect.poll(captions).toEqual([PICTURES[1].prompt]);
    expect(await page.getByRole('radio', { name: 'Images' }).isChecked()).toBe(true);
    expect(await page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('lantern');
    await page.reload();
    await expect.poll(captions, { timeout: 30_000 }).toEqual([PICTURES[1].prompt]);
    expect(await page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('lantern');
  });
});

describe('tags', () => {
  it('are added with Enter, removed with Backspace and ×, suggested as typed, and filter the grid', async () => {
    await page.goto(`${studio.url.split('#')[0]}#/library`);
    await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBe(7);
    const tag = async (prompt: string, words: string[]) => {
      await tiles().filter({ hasText: prompt }).focus();
      await page.keyboard.press('Enter');
      const field = viewer().getByRole('combobox', { name: 'Add a tag' });
      await field.focus();
      for (const word of words) {
        await page.keyboard.type(word);
        await page.keyboard.press('Enter');
      }
      return field;
    };
    const chips = () => viewer().getByTestId('viewer-tags').locator('.tag-chip').allTextContents();

    await tag(PICTURES[0].prompt, ['winter', 'animals', 'snow', 'oops']);
    await expect.poll(chips).toEqual(['winter', 'animals', 'snow', 'oops']);
    // Backspace in the empty field removes the last tag; × removes any.
    await page.keyboard.press('Backspace');
    await expect.poll(chips).toEqual(['winter', 'animals', 'snow']);
    await viewer().getByRole('button', { name: 'Remove tag animals' }).click();
    await expect.poll(chips).toEqual(['winter', 'snow']);
    await studio.shot('library-viewer-tags');
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });

    // On another item, typing suggests the tags in use with their counts; ↓ and Enter take one.
    await tag(PICTURES[3].prompt, []);
    await page.keyboard.type('WIN');
    const option = viewer().getByRole('option', { name: /winter/ });
    await option.waitFor();
    expect(await option.textContent()).toBe('winter1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(chips).toEqual(['winter']);
    // The first Esc closes nothing but the suggestions; the next one the viewer.
    await page.keyboard.type('s');
    await viewer().getByRole('option', { name: /snow/ }).waitFor();
    await page.keyboard.press('Escape');
    await viewer().getByRole('listbox').waitFor({ state: 'detached' });
    expect(await viewer().isVisible()).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });

    // Filter by the tag from the toolbar, by keyboard too.
    await page.getByRole('combobox', { name: 'Filter by tag' }).focus();
    await page.keyboard.type('winter');
    await page.keyboard.press('Enter');
    await expect.poll(captions).toEqual([PICTURES[0].prompt, PICTURES[3].prompt]);
    expect(await hash()).toBe('#/library?tag=winter');
    await studio.shot('library-tag-filter');
    // A tag nobody uses is not offered as a filter (it could only match nothing).
    await page.keyboard.type('nosuchtag');
    await page.keyboard.press('Enter');
    await page.getByText('No item has the tag “nosuchtag”.').waitFor();
    expect(await hash()).toBe('#/library?tag=winter');
    expect(studio.pageErrors).toEqual([]);
  });
});
