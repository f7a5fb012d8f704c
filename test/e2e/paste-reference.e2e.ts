/// <reference lib="dom" />
// As a creator does it on the demo
// gateway: a picture on the clipboard, Ctrl+V with nothing in particular focused, and it is a reference tile of
// the family on screen; a family that takes no images says so; text pasted into the prompt stays text.
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

/** Puts a small PNG on the browser's clipboard, as copying a screenshot does. */
async function copyPicture(colour = '#d0643c'): Promise<void> {
  await page.evaluate(async (colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 12;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = colour;
    g.fillRect(0, 0, 16, 12);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  }, colour);
}

/**
 * Moves the focus off any field, as clicking an empty part of the page does. The focus may land on the page's
 * main region (focusable, so a route change can move a screen reader there), which is no field either.
 */
async function focusNothing(): Promise<void> {
  await page.getByRole('heading', { name: 'Create', exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active === null || !['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(active.tagName);
      }),
    )
    .toBe(true);
}

describe('Pasting a picture on Create', () => {
  it('a pasted picture becomes a reference tile of a family that takes them', async () => {
    await chooseFamily(page, 'image.i2');
    const form = page.getByTestId('form-image.i2');
    await expect.poll(() => form.getByTestId('reference-item').count()).toBe(0);
    await copyPicture();
    await focusNothing();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => form.getByTestId('reference-thumbnail').count()).toBe(1);
    await page.getByText('Added as a reference image of Image I2 (extended).').waitFor();
    // The tile shows the stored picture, not a broken image.
    await expect
      .poll(() =>
        form.getByTestId('reference-thumbnail').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await studio.shot('paste-reference');

    // A second picture joins the first rather than replacing it.
    await copyPicture('#2f6f8f');
    await focusNothing();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => form.getByTestId('reference-item').count()).toBe(2);
  });

  it('a family that takes no images says so, and nothing is added', async () => {
    await chooseFamily(page, 'image.i3');
    await copyPicture();
    await focusNothing();
    await page.keyboard.press('ControlOrMeta+V');
    await page.getByRole('alert').filter({ hasText: 'takes no reference images' }).waitFor();
    expect(await page.getByTestId('form-image.i3').getByTestId('reference-item').count()).toBe(0);
    await studio.shot('paste-no-reference');
  });

  it('text pasted into the prompt is text, and adds no image', async () => {
    await chooseFamily(page, 'image.i2');
    const form = page.getByTestId('form-image.i2');
    const before = await form.getByTestId('reference-item').count();
    await page.evaluate(() => navigator.clipboard.writeText('A heron in the reeds at dawn'));
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill('');
    await prompt.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => prompt.inputValue()).toBe('A heron in the reeds at dawn');
    expect(await form.getByTestId('reference-item').count()).toBe(before);

    // Text copied from an office program carries a picture of itself too: in the prompt it is still text.
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4;
      canvas.height = 4;
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
      const text = new Blob([' and a second heron'], { type: 'text/plain' });
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text, 'image/png': png })]);
    });
    await prompt.press('End');
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => prompt.inputValue()).toBe('A heron in the reeds at dawn and a second heron');
    expect(await form.getByTestId('reference-item').count()).toBe(before);
  });
});
