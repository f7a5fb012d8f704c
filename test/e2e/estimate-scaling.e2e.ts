/// <reference lib="dom" />
// The estimate before sending follows the settings a price is proportional to: after one I2
// run of three images, asking for one is estimated at a third, not at the three-image price that once set off
// the confirmation dialog for a 0.04 USD job; and the estimate says what it stands on.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { generateDescription } from './money-settings';

const { studio } = useDemoStudio(0.02);

describe('estimates that follow n', () => {
  it('I2: one run of three images prices one image at a third', async () => {
    const { page } = studio;
    await chooseFamily(page, 'image.i2');
    const form = page.getByTestId('form-image.i2');
    await form.getByLabel('Prompt', { exact: true }).fill('Three paper boats on a pond');
    await form.getByLabel('Number of images').fill('3');
    await page.getByRole('button', { name: 'Generate' }).click();
    await goTo(page, 'Tasks');
    await page.getByText('Completed').first().waitFor({ timeout: 60_000 });

    await goTo(page, 'Create');
    await form.getByLabel('Prompt', { exact: true }).fill('One paper boat on a pond');
    await form.getByLabel('Number of images').fill('1');
    // The demo charged 0.12 USD for three 1K flare images ([EP-IMAGE-2]): one is 0.04.
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.04(00)? USD · from 1 run · about \d+ s$/);
    await form.getByLabel('Number of images').fill('2');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.08(00)? USD · from 1 run/);
    await page.getByRole('button', { name: 'Generate' }).scrollIntoViewIfNeeded();
    await studio.shot('estimate-scaling-i2');
  });
});
