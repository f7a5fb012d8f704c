/// <reference lib="dom" />
// As a creator does it: from an item's viewer, "Compare with…" picks the second item of the
// same kind by searching; two pictures side by side and under a slider moved from the keyboard, with the setting
// that differs highlighted; two videos under one play button; two tracks as an A/B test whose switch keeps the
// position; a picture and a video said to be incomparable. Back returns from the comparison to the viewer.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { FOX_PICTURE, RAIN_TRACK, seedMedia, type SeedMedia, WAVES_VIDEO } from './seeded-media';
import { callStudio } from './studio-bridge';
import { loadedWidth } from './page-pictures';

const FOX = FOX_PICTURE.prompt;
const FOX_GOLD = 'A red fox in fresh snow, golden hour';
const WAVES = WAVES_VIDEO.prompt;
const WAVES_SLOW = 'Waves breaking at dawn, slow motion';
const TRACK = RAIN_TRACK.prompt;
const TRACK_FAST = 'Lo-fi rain loop, faster take';

const ENTRIES: SeedMedia[] = [
  { ...FOX_PICTURE, minutesAgo: 1 },
  // Each second item is the first with what differs: the setting the comparison highlights.
  {
    ...FOX_PICTURE,
    prompt: FOX_GOLD,
    params: { size: '1:1', resolution: '2K' },
    colour: '#e0a030',
    minutesAgo: 2,
  },
  { ...WAVES_VIDEO, minutesAgo: 3 },
  { ...WAVES_VIDEO, prompt: WAVES_SLOW, params: { duration: 10 }, minutesAgo: 4 },
  { ...RAIN_TRACK, minutesAgo: 5 },
  {
    ...RAIN_TRACK,
    prompt: TRACK_FAST,
    title: TRACK_FAST,
    family: 'music.adjustSpeed',
    params: { speed: 1.25 },
    minutesAgo: 6,
  },
];

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) => seedMedia(dataDir, ENTRIES));

const hash = () => page.evaluate(() => window.location.hash);

/** Opens the item whose tile shows this text, then compares it with the item found by `search`. */
async function compare(first: string, search: string, second: string): Promise<void> {
  // From the grid itself: a viewer left open by an earlier test (Back lands in it) would cover the sidebar.
  if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
  await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
  await goTo(page, 'Library');
  await page.getByTestId('library-item').filter({ hasText: first }).first().click();
  const viewer = page.getByTestId('item-dialog');
  await viewer.getByRole('button', { name: 'Compare with…' }).click();
  const picker = page.getByRole('dialog', { name: 'Compare with' });
  await picker.getByRole('searchbox', { name: 'Find by prompt' }).fill(search);
  const choice = picker.getByRole('button', { name: second, exact: true });
  await choice.waitFor();
  // In the app's own list and button styles (no bullets, no native grey button), also before the compare page
  // has ever been opened in this window.
  expect(await picker.getByRole('list').evaluate((list) => getComputedStyle(list).listStyleType)).toBe(
    'none',
  );
  expect(await choice.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
    'rgba(0, 0, 0, 0)',
  );
  await studio.shot('compare-picker');
  await choice.click();
  await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
}

/** A media element's state, read in the page. */
async function media(testId: string): Promise<{ time: number; paused: boolean; muted: boolean }> {
  return page.getByTestId(testId).evaluate((element) => {
    const m = element as HTMLMediaElement;
    return { time: m.currentTime, paused: m.paused, muted: m.muted };
  });
}

describe('comparing two library items', () => {
  it('two pictures: side by side, a slider moved by the keyboard, the differing setting highlighted', async () => {
    await compare(FOX, 'golden', FOX_GOLD);
    expect(await hash()).toMatch(/^#\/compare\/[\w-]+\/[\w-]+$/);
    // Compare belongs to the library: its sidebar item stays the current page.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Library' }).getAttribute('aria-current')).toBe('page');
    const side = page.getByTestId('compare-side');
    await expect.poll(() => side.getByRole('img').count()).toBe(2);
    await expect.poll(() => loadedWidth(side.getByRole('img', { name: FOX_GOLD }))).toBe(320);

    // The diff: resolution and prompt differ, the model and size are the same (muted).
    const diff = page.getByTestId('compare-diff');
    await expect.poll(() => diff.getByTestId('diff-resolution').getAttribute('class')).toBe('is-different');
    expect(await diff.getByTestId('diff-resolution').textContent()).toMatch(/differs.*1K.*2K/);
    expect(await diff.getByTestId('diff-prompt').getAttribute('class')).toBe('is-different');
    expect(await diff.getByTestId('diff-model').getAttribute('class')).toBe('is-same');
    expect(await diff.getByTestId('diff-size').getAttribute('class')).toBe('is-same');
    expect(await page.getByText('2 settings differ.').isVisible()).toBe(true);
    await studio.shot('compare-images-side');
    await diff.scrollIntoViewIfNeeded();
    await studio.shot('compare-images-diff');

    // The slider: the divider starts in the middle and follows ←/→ (Shift for a larger step), Home and End.
    await page.getByRole('heading', { name: 'Compare', level: 1 }).scrollIntoViewIfNeeded();
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Slider').click();
    const divider = page.getByRole('slider', { name: 'Divider between A and B' });
    await expect.poll(() => divider.getAttribute('aria-valuenow')).toBe('50');
    await divider.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => divider.getAttribute('aria-valuenow')).toBe('56');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => divider.getAttribute('aria-valuenow')).toBe('46');
    expect(await divider.getAttribute('aria-valuetext')).toBe('46 % A, 54 % B');
    // What is right of the divider shows B: the picture on top (A) is clipped there.
    const clip = await page
      .getByTestId('compare-slider')
      .getByRole('img', { name: FOX, exact: true })
      .evaluate((img) => (img as HTMLElement).style.clipPath);
    expect(clip).toBe('inset(0px 54% 0px 0px)');
    await studio.shot('compare-images-slider');
    // A drag moves it too: a press near the left edge puts the divider there.
    const box = await page.getByTestId('compare-slider').boundingBox();
    if (!box) throw new Error('no slider box');
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.up();
    await expect.poll(async () => Number(await divider.getAttribute('aria-valuenow'))).toBe(25);

    // Back returns to the first item's viewer.
    await page.goBack();
    await expect.poll(hash).toMatch(/^#\/library\/[\w-]+$/);
    await page.getByTestId('item-dialog').getByText(FOX, { exact: true }).first().waitFor();
  });

  it('two videos play side by side under one control, in step', async () => {
    await compare(WAVES, 'slow', WAVES_SLOW);
    const play = page.getByRole('button', { name: 'Play both' });
    await expect.poll(() => page.getByRole('slider', { name: 'Position' }).getAttribute('max')).toBe('2');
    await studio.shot('compare-videos');
    await play.click();
    // One press started both.
    await expect.poll(async () => (await media('compare-video-a')).time).toBeGreaterThan(0.2);
    await expect.poll(async () => (await media('compare-video-b')).time).toBeGreaterThan(0.2);
    // Both end together: the button offers to play again, both stopped at the end.
    await page.getByRole('button', { name: 'Play both' }).waitFor({ timeout: 15_000 });
    const [a, b] = [await media('compare-video-a'), await media('compare-video-b')];
    expect(a.paused && b.paused).toBe(true);
    expect(Math.abs(a.time - b.time)).toBeLessThan(0.25);
    // The one position bar moves both: Home goes back to the start.
    await page.getByRole('slider', { name: 'Position' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await media('compare-video-a')).time).toBe(0);
    expect((await media('compare-video-b')).time).toBe(0);
  });

  it('two tracks: one play, and the A|B switch swaps which is heard at the same position', async () => {
    await compare(TRACK, 'faster', TRACK_FAST);
    await expect.poll(async () => (await media('compare-audio-b')).muted).toBe(true);
    expect((await media('compare-audio-a')).muted).toBe(false);
    await page.getByRole('button', { name: 'Play both' }).click();
    await expect.poll(async () => (await media('compare-audio-a')).time).toBeGreaterThan(0.3);
    // The key B switches to the other take; both keep playing, so it is heard from the same moment.
    await page.keyboard.press('b');
    await expect.poll(async () => (await media('compare-audio-a')).muted).toBe(true);
    const [a, b] = [await media('compare-audio-a'), await media('compare-audio-b')];
    expect(b.muted).toBe(false);
    expect(Math.abs(a.time - b.time)).toBeLessThan(0.25);
    expect(await page.getByRole('radio', { name: 'B' }).isChecked()).toBe(true);
    await studio.shot('compare-audio');
    // The switch itself works from the keyboard too (a radio group: ← goes back to A).
    await page.getByRole('radio', { name: 'B' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await media('compare-audio-b')).muted).toBe(true);
    expect((await media('compare-audio-a')).muted).toBe(false);
  });

  it('two tiles picked with Ctrl+click compare from the selection bar; one alone offers no Compare', async () => {
    if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
    await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
    await goTo(page, 'Library');
    const tile = (text: string) => page.getByTestId('library-item').filter({ hasText: text }).first();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await tile(FOX).click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => bar.getByText('1 selected').isVisible()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Compare', exact: true }).count()).toBe(0);
    await tile(WAVES).click({ modifiers: ['ControlOrMeta'] });
    await tile(WAVES).click({ modifiers: ['ControlOrMeta'] });
    await tile(FOX_GOLD).click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => bar.getByText('2 selected').isVisible()).toBe(true);
    await studio.shot('compare-from-selection');
    await bar.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    await expect.poll(hash).toMatch(/^#\/compare\/[\w-]+\/[\w-]+$/);
    await expect
      .poll(() => page.getByTestId('compare-diff').getByTestId('diff-resolution').getAttribute('class'))
      .toBe('is-different');
    await page.goBack();
    await expect.poll(hash).toMatch(/^#\/library/);
  });

  it('a picture and a video are said to be incomparable, their settings still listed', async () => {
    const { items } = await callStudio<{ items: { id: string; kind: string }[] }>(page, 'library.query');
    const ids = [items.find((i) => i.kind === 'image')?.id, items.find((i) => i.kind === 'video')?.id];
    await page.evaluate(([a, b]) => {
      window.location.hash = `#/compare/${a}/${b}`;
    }, ids);
    await page.getByRole('heading', { name: 'These two cannot be compared' }).waitFor();
    expect(
      await page
        .getByText('One is a picture, the other a video: they cannot be compared.', { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('diff-family').getAttribute('class')).toBe('is-different');
  });
});
