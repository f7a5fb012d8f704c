/// <reference lib="dom" />
// A grid upscale has no prompt and no title: its library tile says which quadrant of which grid it is, where it
// once showed no caption at all.
import { describe, expect, it } from 'vitest';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

describe('an upscaled quadrant in the library', () => {
  it('is captioned with its quadrant and its grid', async () => {
    await chooseFamily(page, 'grid.upscale');
    const button = page.getByRole('button', { name: /^U2: upscale/ });
    await button.waitFor({ timeout: 30_000 });
    const grid = (await page.getByTestId('grid-picker').getByRole('group').getAttribute('aria-label')) ?? '';
    const gridTask = grid.replace(/^Quadrants of /, '');
    expect(gridTask).not.toBe('');
    // A quadrant picked fills the form; Generate sends it.
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.locator('[data-testid="task-preview"][data-family="grid.upscale"]').waitFor();
    await goTo(page, 'Library');
    const caption = `U2: the top-right image of grid ${gridTask}, upscaled`;
    const tile = page.getByTestId('library-item').filter({ hasText: caption });
    await expect.poll(() => tile.count(), { timeout: 30_000 }).toBe(1);
    // The caption names the tile too (its picture's alt), so a screen reader hears what it is.
    await page.getByRole('button', { name: new RegExp(`^${caption}`) }).waitFor();
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`upscale-caption-library-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
  });
});
