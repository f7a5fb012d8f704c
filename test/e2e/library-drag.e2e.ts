/// <reference lib="dom" />
// By dragging, as a creator does it with the mouse: a picture's tile dragged from the
// library onto the sidebar's Create and held there opens the form last used, and dropped on it joins the
// reference list; a video dragged from its viewer onto a family that takes no video says so (naming one that
// does), and onto Video S joins its video URLs; a track dropped on a music operation becomes its source.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { FamilyId } from '../../shared/catalog';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { FOX_PICTURE, RAIN_TRACK, seedMedia, WAVES_VIDEO } from './seeded-media';

const FOX = FOX_PICTURE.prompt;
const WAVES = WAVES_VIDEO.prompt;
const TRACK = RAIN_TRACK.prompt;

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) =>
  seedMedia(dataDir, [
    { ...FOX_PICTURE, minutesAgo: 1 },
    { ...WAVES_VIDEO, minutesAgo: 2 },
    { ...RAIN_TRACK, minutesAgo: 3 },
  ]),
);

/** The pointer's path of a drag: press on `from`, move in steps (dragstart needs a real move). */
async function pressAndLift(from: Locator): Promise<void> {
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to drag');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 4 });
}

async function moveOnto(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('no drop target');
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120), { steps: 6 });
}

/**
 * Holds the drag on a spring target (the sidebar's Create, or the viewer's own) until the form of `family` opens
 * under the moving pointer, then moves over that form; the drop is left to the test.
 */
async function springInto(spring: Locator, family: FamilyId): Promise<Locator> {
  await moveOnto(spring);
  const form = page.getByTestId(`form-${family}`);
  await form.waitFor({ timeout: 10_000 });
  await moveOnto(form);
  return form;
}

const createLink = () => page.getByRole('navigation').getByRole('link', { name: /^Create/ });
const tile = (text: string) => page.getByTestId('library-item').filter({ hasText: text }).first();

async function toGrid(): Promise<void> {
  if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
  await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
  await goTo(page, 'Library');
  await tile(FOX).waitFor();
}

describe('dragging from the library onto Create', () => {
  // Once a regression (since the preset bar joined the form): the pointer came to rest on a new element inside
  // the form, which gets a dragenter and no dragover until it moves again, and the form answered dragover only.
  // It answers dragenter too now; this drag ends exactly that way.
  it('a picture dragged onto Create (held on the sidebar link) joins the reference list of the form', async () => {
    await chooseFamily(page, 'image.i2');
    await toGrid();
    await pressAndLift(tile(FOX));
    // Held on the sidebar's Create, the drag opens the form last shown (I2), under the moving pointer.
    await springInto(createLink(), 'image.i2');
    await expect
      .poll(() => page.getByTestId('library-drop-note').textContent())
      .toBe('Drop here to use it in Image I2 (extended)');
    await studio.shot('drag-01-over-form');
    await page.mouse.up();
    await page.getByRole('img', { name: 'Reference image 1' }).waitFor({ timeout: 15_000 });
    await page.getByText('Added to Image I2 (extended) from the library.').waitFor();
    await studio.shot('drag-02-reference-added');
  });

  it("the sidebar's Create opens the family last used, also after a reload", async () => {
    await chooseFamily(page, 'image.i2');
    await goTo(page, 'Library');
    await goTo(page, 'Create');
    await page.getByTestId('form-image.i2').waitFor();
    await toGrid();
    await page.reload();
    await createLink().click();
    await page.getByTestId('form-image.i2').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/create/image.i2');
  });

  it('a video dragged from its viewer: refused in words by an image family, taken by Video S', async () => {
    await toGrid();
    await tile(WAVES).click();
    const handle = page.getByTestId('item-dialog').getByTestId('drag-to-create');
    await pressAndLift(handle);
    // The viewer covers the sidebar: its own spring target appears while dragging.
    await page.getByTestId('spring-create').waitFor();
    await studio.shot('drag-03-viewer-spring');
    await springInto(page.getByTestId('spring-create'), 'image.i2');
    const refusal = 'Image I2 (extended) cannot take a video: pick a family that does (for example Video S).';
    await expect.poll(() => page.getByTestId('library-drop-note').textContent()).toBe(refusal);
    await page.mouse.up();
    await page.getByText(refusal).first().waitFor();

    await chooseFamily(page, 'video.s');
    await toGrid();
    await tile(WAVES).click();
    await pressAndLift(page.getByTestId('item-dialog').getByTestId('drag-to-create'));
    const s = await springInto(page.getByTestId('spring-create'), 'video.s');
    await page.mouse.up();
    await expect
      .poll(() =>
        s
          .locator('textarea')
          .evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value).join('\n')),
      )
      .toMatch(/http:\/\/127\.0\.0\.1:9\/files\/[\w-]+\.mp4/);
    await studio.shot('drag-04-video-url');
  });

  it('a track dropped on a music operation becomes its source', async () => {
    await chooseFamily(page, 'music.adjustSpeed');
    await toGrid();
    await pressAndLift(tile(TRACK));
    await springInto(createLink(), 'music.adjustSpeed');
    await page.mouse.up();
    const source = page.getByTestId('music-source-picker').getByRole('radio', { name: new RegExp(TRACK) });
    await expect.poll(() => source.isChecked()).toBe(true);
    await studio.shot('drag-05-track-source');
  });
});
