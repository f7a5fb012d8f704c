/// <reference lib="dom" />
// Create's Recipes card on a fresh studio: with no recipe saved, the picker is disabled and the sentence beside it
// is whole on screen, not cut at the select's width as the empty option's text was.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

describe('the Recipes card with no recipe', () => {
  it('says how to get one in a whole sentence beside a disabled picker', async () => {
    await goTo(page, 'Create');
    const panel = page.getByRole('region', { name: 'Recipes' });
    const sentence = panel.getByText('No recipes yet: import one, or make one from a library item', {
      exact: true,
    });
    await sentence.waitFor();
    expect(await sentence.isVisible()).toBe(true);
    expect(await panel.getByRole('combobox', { name: 'Choose a recipe' }).isDisabled()).toBe(true);
    // Whole: nothing of it overflows its box, so no word is clipped.
    expect(await sentence.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await studio.shot('recipes-empty');
  });
});
