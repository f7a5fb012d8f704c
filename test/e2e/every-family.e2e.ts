/// <reference lib="dom" />
// [EP-IMAGE-0] [EP-VIDEO-0] [EP-MUSIC-1..5] [EP-GRID-1] Every family and variant submitted from its form on the
// demo gateway, as a creator does it: prompts typed, variants chosen by name, music sources picked from the
// track list (never a typed id), each grid quadrant clicked. Each result is waited for in the library (the
// Create preview shows library files) and must load: a picture with pixels, a video with frames, a track with
// a duration. Screenshots of every form and every result land in test-results/e2e/every-*.png.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FamilyId } from '../../shared/catalog';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { loadedWidth } from './page-pictures';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';

// The engine's first polls follow the demo's clock: a video it finishes in 6 s is not first asked about after 15 s.
const { studio, page } = useDemoStudio(0.05, undefined, undefined, undefined, {
  polling: pollPriorsAtTimeScale(0.05),
});

type Kind = 'image' | 'video' | 'audio';

interface Case {
  family: FamilyId;
  /** The variant's visible name, for families with more than one. */
  variant?: string;
  /** Fills the form as a person would. */
  fill?: (page: Page) => Promise<void>;
  /** What the result is; music videos also bring their tracks. */
  expect: Kind;
}

const prompt = (text: string) => async (p: Page) => {
  await p.getByLabel('Prompt', { exact: true }).fill(text);
};

/** Picks a track from the source list by what the person sees: its title. */
const pickTrack = (title: string) => async (p: Page) => {
  await p
    .getByTestId('music-source-picker')
    .getByRole('radio', { name: new RegExp(`^${title}, track`) })
    .check();
};

const IMAGE_PROMPT = 'A lighthouse on a basalt cliff at dusk';
const VIDEO_PROMPT = 'Waves rolling onto black sand, slow dolly';

const CASES: Case[] = [
  { family: 'image.i1', variant: 'Standard', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i1', variant: 'Pro', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i2', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i3', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i4', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i5', variant: 'Standard', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i5', variant: 'Alias', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'image.i6', fill: prompt(IMAGE_PROMPT), expect: 'image' },
  { family: 'video.v1', variant: 'Pro', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.v1', variant: 'Turbo', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  {
    family: 'video.v2',
    fill: async (p) => {
      await prompt(VIDEO_PROMPT)(p);
      await p.getByLabel('Reference images').fill('https://example.com/reference.png');
    },
    expect: 'video',
  },
  { family: 'video.h', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.w', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.k', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.s', variant: 'Standard', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.s', variant: 'Fast', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'video.s', variant: 'Mini', fill: prompt(VIDEO_PROMPT), expect: 'video' },
  { family: 'music.concat', fill: pickTrack('Extended Night Drive 1'), expect: 'audio' },
  { family: 'music.generateMp4', fill: pickTrack('Generated Sunrise 2'), expect: 'video' },
  {
    family: 'music.adjustSpeed',
    fill: async (p) => {
      await pickTrack('Generated Sunrise 1')(p);
      await p.getByLabel('Speed').fill('1.25');
    },
    expect: 'audio',
  },
  {
    family: 'music.addInstrumental',
    fill: async (p) => {
      await pickTrack('Uploaded Demo 1')(p);
      await p.getByLabel('Style tags').fill('acoustic, warm');
    },
    expect: 'audio',
  },
];

const slug = (c: { family: string; variant?: string }) =>
  `${c.family.replace('.', '-')}${c.variant ? `-${c.variant.toLowerCase()}` : ''}`;

/**
 * The task the Create preview shows now, or null when it shows none, read without waiting: getAttribute would wait
 * out its whole 30 s timeout for a preview that is not there yet (the first case of a run).
 */
const previewTaskId = (p: Page): Promise<string | null> =>
  p.getByTestId('task-preview').evaluateAll((els) => els[0]?.getAttribute('data-task-id') ?? null);

/** Waits until the media element of the task just sent has loaded real media. */
async function loaded(media: Locator, kind: Kind): Promise<void> {
  await media.waitFor({ timeout: 90_000 });
  if (kind === 'image') {
    await expect.poll(() => loadedWidth(media), { timeout: 15_000 }).toBeGreaterThan(0);
  } else if (kind === 'video') {
    await expect
      .poll(() => media.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  } else {
    const audio = media.locator('audio');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  }
}

/** Sends the form and waits for this family's new task to show its result in the preview. */
async function generateAndWait(family: FamilyId, kind: Kind, name: string): Promise<void> {
  const before = await previewTaskId(page);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const preview = page.locator(`[data-testid="task-preview"][data-family="${family}"]`);
  await expect.poll(() => preview.getAttribute('data-task-id'), { timeout: 15_000 }).not.toBe(before);
  expect(await page.getByTestId('submit-error').count(), `${name}: the form refused`).toBe(0);
  await loaded(preview.getByTestId(`preview-${kind}`).first(), kind);
  await page.evaluate(() => document.querySelector('.main')?.scrollTo(0, 0));
  await studio.shot(`every-${name}-result`);
}

describe('every family from its form', () => {
  for (const c of CASES) {
    it(`${c.family}${c.variant ? ` (${c.variant})` : ''} completes and its result loads`, async () => {
      await chooseFamily(page, c.family);
      if (c.variant) {
        await page.getByRole('radiogroup', { name: 'Model' }).getByText(c.variant, { exact: true }).click();
      }
      await c.fill?.(page);
      await studio.shot(`every-${slug(c)}-form`);
      await generateAndWait(c.family, c.expect, slug(c));
    });
  }

  for (const quadrant of [1, 2, 3, 4]) {
    it(`grid.upscale U${quadrant} is picked on the grid, sent with Generate, and its picture loads`, async () => {
      await chooseFamily(page, 'grid.upscale');
      const button = page.getByRole('button', { name: new RegExp(`^U${quadrant}: upscale`) });
      await button.waitFor({ timeout: 30_000 });
      const grid = page.getByTestId('grid-picker').locator('img').first();
      await expect.poll(() => loadedWidth(grid), { timeout: 15_000 }).toBeGreaterThan(0);
      // [EP-GRID-1] speed is a choice, fast (the spec's value, the default) or normal; U2 goes normal.
      const speeds = page.getByRole('radiogroup', { name: 'Speed' });
      const speed = quadrant === 2 ? 'normal' : 'fast';
      if (quadrant === 1) await expect.poll(() => speeds.getByLabel('fast').isChecked()).toBe(true);
      await speeds.getByText(speed, { exact: true }).click();
      await expect.poll(() => speeds.getByLabel(speed).isChecked()).toBe(true);
      if (quadrant === 1) await studio.shot('every-grid-upscale-form');
      const before = await previewTaskId(page);
      // The quadrant fills the form; Generate sends it (a click alone once sent a paid task).
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      const sent = page.waitForRequest((r) => r.url().includes('press.send'), { timeout: 15_000 });
      await page.getByRole('button', { name: 'Generate' }).click();
      expect((await sent).postData() ?? '').toContain(`"speed":"${speed}"`);
      const preview = page.locator('[data-testid="task-preview"][data-family="grid.upscale"]');
      await expect.poll(() => preview.getAttribute('data-task-id'), { timeout: 15_000 }).not.toBe(before);
      await loaded(preview.getByTestId('preview-image').first(), 'image');
      await studio.shot(`every-grid-upscale-u${quadrant}-result`);
    });
  }

  it('the library holds every result, music as titled tracks with their covers', async () => {
    await goTo(page, 'Library');
    const tiles = page.getByTestId('library-item');
    await tiles.first().waitFor();
    // 17 image and video cases + 4 quadrants, and the music operations' tracks (two each) and music video.
    await expect
      .poll(() => page.locator('.library-count').textContent(), { timeout: 30_000 })
      .toMatch(/^\d+ items$/);
    const count = Number((await page.locator('.library-count').textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(CASES.length + 4);
    await page.getByRole('radiogroup', { name: 'Kind' }).getByText('Audio', { exact: true }).click();
    const track = page.locator('[data-testid="library-item"][data-kind="audio"]').first();
    await track.waitFor();
    // A track shows its cover as its picture, and its title, never an untitled image beside it.
    await expect
      .poll(
        // Whichever of the track's pictures the tile shows: the poll must not hold on a detached element.
        () =>
          track
            .locator('img')
            .evaluateAll((imgs: HTMLImageElement[]) =>
              Math.max(0, ...imgs.map((i) => (i.complete ? i.naturalWidth : 0))),
            ),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    expect(await track.locator('.tile-caption').textContent()).toBeTruthy();
    await studio.shot('every-library-tracks');
    await track.click();
    const dialog = page.getByTestId('item-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('item-title').textContent()).toMatch(/^\d+\. .+/);
    await studio.shot('every-library-track-dialog');
    await page.keyboard.press('Escape');
    expect(studio.pageErrors).toEqual([]);
  });
});
