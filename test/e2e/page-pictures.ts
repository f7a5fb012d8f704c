/// <reference lib="dom" />
// Pictures in the browser tests: ones made inside the page (a PNG of one colour, as a screenshot or a small file a
// person copies or drags in) and whether those the page shows have loaded. A picture has loaded when the browser
// decoded it: complete and with a natural width, which a broken or unserved file never gets.
import type { JSHandle, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A PNG of one colour, made by a canvas inside the page: a handle to hand to a paste, a drop or the clipboard. */
export function pictureInPage(page: Page, colour: string, width = 16, height = 12): Promise<JSHandle<Blob>> {
  return page.evaluateHandle(
    async ([fill, w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = fill;
      g.fillRect(0, 0, w, h);
      return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    },
    [colour, width, height] as const,
  );
}

/** Puts a small PNG on the browser's clipboard, as copying a screenshot does. */
export async function copyPicture(page: Page, colour: string): Promise<void> {
  const blob = await pictureInPage(page, colour);
  await page.evaluate((png) => navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]), blob);
}

/**
 * Pastes a picture on Create as a person pastes a screenshot: on the clipboard, then Ctrl+V with the focus on no
 * field (a click on the page's heading; the focus may land on the main region, which is no field either).
 */
export async function pastePicture(page: Page, colour: string): Promise<void> {
  await copyPicture(page, colour);
  await page.getByRole('heading', { name: 'Create', exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active === null || !['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(active.tagName);
      }),
    )
    .toBe(true);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The picture's natural width once it has loaded, 0 until then (poll it to above 0 to see it shows). */
export function loadedWidth(img: Locator): Promise<number> {
  return img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
}

/** How many of the pictures the locator finds have loaded. */
export function loadedCount(imgs: Locator): Promise<number> {
  return imgs.evaluateAll(
    (els: HTMLImageElement[]) => els.filter((i) => i.complete && i.naturalWidth > 0).length,
  );
}
