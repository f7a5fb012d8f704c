/// <reference lib="dom" />
// Drafts per family: what a creator typed into a family's form stays there when they switch to
// another family, visit the Library and come back, and after the app is reloaded; each family keeps its own.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

const promptOf = (family: string) => page.getByTestId(`form-${family}`).getByLabel('Prompt', { exact: true });

describe('drafts', () => {
  it('each family keeps its prompt and settings across family switches, the Library, and a reload', async () => {
    await chooseFamily(page, 'image.i3');
    await promptOf('image.i3').fill('A heron standing in fog');
    const ratio = page.getByTestId('form-image.i3').getByRole('radiogroup', { name: 'Aspect ratio' });
    await ratio.getByText('16:9', { exact: true }).click();

    await chooseFamily(page, 'image.i2');
    expect(await promptOf('image.i2').inputValue()).toBe('');
    await promptOf('image.i2').fill('A paper boat on a canal');

    await goTo(page, 'Library');
    await chooseFamily(page, 'image.i3');
    expect(await promptOf('image.i3').inputValue()).toBe('A heron standing in fog');
    expect(await ratio.getByLabel('16:9').isChecked()).toBe(true);
    await chooseFamily(page, 'image.i2');
    expect(await promptOf('image.i2').inputValue()).toBe('A paper boat on a canal');

    // A reload (the app restarted) brings back the family last used with its draft, and the other one's too.
    await page.reload();
    await page.getByTestId('nav-create').waitFor();
    await goTo(page, 'Create');
    await expect.poll(() => promptOf('image.i2').inputValue()).toBe('A paper boat on a canal');
    await chooseFamily(page, 'image.i3');
    expect(await promptOf('image.i3').inputValue()).toBe('A heron standing in fog');
    await studio.shot('drafts-after-reload');
    expect(studio.pageErrors).toEqual([]);
  });
});
