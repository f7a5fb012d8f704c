/// <reference lib="dom" />
// As a creator does it on the demo
// gateway: a picture on the clipboard, Ctrl+V with nothing in particular focused, and it is a reference tile of
// the family on screen; a family that takes no images says so; text pasted into the prompt stays text.
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { loadedWidth, pastePicture, pictureInPage } from './page-pictures';

const { studio, page } = useDemoStudio();

const ORANGE = '#d0643c';

describe('Pasting a picture on Create', () => {
  it('a pasted picture becomes a reference tile of a family that takes them', async () => {
    await chooseFamily(page, 'image.i2');
    const form = page.getByTestId('form-image.i2');
    await expect.poll(() => form.getByTestId('reference-item').count()).toBe(0);
    await pastePicture(page, ORANGE);
    await expect.poll(() => form.getByTestId('reference-thumbnail').count()).toBe(1);
    await page.getByText('Added as a reference image of Image I2 (extended).').waitFor();
    // The tile shows the stored picture, not a broken image.
    await expect.poll(() => loadedWidth(form.getByTestId('reference-thumbnail'))).toBeGreaterThan(0);
    await studio.shot('paste-reference');

    // A second picture joins the first rather than replacing it.
    await pastePicture(page, '#2f6f8f');
    await expect.poll(() => form.getByTestId('reference-item').count()).toBe(2);
  });

  it('a family that takes no images says so, and nothing is added', async () => {
    await chooseFamily(page, 'image.i3');
    await pastePicture(page, ORANGE);
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
    await page.evaluate(
      async (png) => {
        const text = new Blob([' and a second heron'], { type: 'text/plain' });
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text, 'image/png': png })]);
      },
      await pictureInPage(page, '#ffffff', 4, 4),
    );
    await prompt.press('End');
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => prompt.inputValue()).toBe('A heron in the reeds at dawn and a second heron');
    expect(await form.getByTestId('reference-item').count()).toBe(before);
  });
});
