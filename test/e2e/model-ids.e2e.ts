/// <reference lib="dom" />
// Settings → Model ids: a family's model id is edited in the app (not in settings.json), the catalog default is
// shown beside it, the next submission sends the new id, and Reset brings the default back.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio } = useDemoStudio();

describe('model ids in Settings', () => {
  it('edits the I3 model id, sends it, and resets it to the catalog default', async () => {
    const { page } = studio;
    await goTo(page, 'Settings');
    const field = page.getByLabel('Image I3', { exact: true });
    await page.getByText('Catalog default: image_model_id_i3').waitFor();
    expect(await field.getAttribute('placeholder')).toBe('image_model_id_i3');
    await field.fill('acme i3');
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.getByText('A model id is one word without spaces').waitFor();
    await field.fill('acme-i3-v2');
    await field.press('Enter');
    await expect
      .poll(
        async () =>
          (await callStudio<{ modelOverrides: Record<string, string> }>(studio.page, 'settings.get'))
            .modelOverrides,
      )
      .toEqual({ image_model_id_i3: 'acme-i3-v2' });
    await studio.shot('settings-model-ids');

    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse at dusk');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('task-preview').waitFor();
    const { tasks } = await callStudio<{ tasks: { model: string }[] }>(studio.page, 'tasks.list');
    expect(tasks[0]?.model).toBe('acme-i3-v2');

    await goTo(page, 'Settings');
    await page.getByRole('button', { name: 'Reset Image I3 to the catalog default' }).click();
    await expect
      .poll(
        async () =>
          (await callStudio<{ modelOverrides: Record<string, string> }>(studio.page, 'settings.get'))
            .modelOverrides,
      )
      .toEqual({});
    expect(await page.getByLabel('Image I3', { exact: true }).inputValue()).toBe('');
  });
});
