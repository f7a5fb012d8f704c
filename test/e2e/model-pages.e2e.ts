/// <reference lib="dom" />
// A model that appears in the gateway's listing, is not in the seed catalogue, and whose schema is on its own page
// (GET /v1/models/{id}, the demo gateway's schema-endpoint switch): a person finds it on Create by its chip, marked
// new on the gateway (as the CLI marks it) and as a generic form, fills the form built from that page's schema (its
// ratio, steps and seed as controls, its list of negative prompts as JSON), presses Generate, and the picture lands
// in the library. Its id is never typed.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { callStudio, libraryHasPrompt } from './studio-bridge';

const { studio, page } = useDemoStudio(0.05, undefined, undefined, undefined, {
  modelList: 'schema-endpoint',
});

interface TaskRow {
  model: string;
  state: string;
  params: Record<string, unknown>;
}

describe('a listed model whose schema is on its own page', () => {
  it('is generated from the form built from that schema, without typing its id, and filed in the library', async () => {
    await goTo(page, 'Create');
    await page.getByRole('radiogroup', { name: 'Model family' }).getByText('Image', { exact: true }).click();
    const chip = page.getByRole('button', {
      name: 'image_model_id_x1 (new on the gateway · generic form)',
      exact: true,
    });
    await chip.waitFor({ timeout: 20_000 });
    await chip.scrollIntoViewIfNeeded();
    await studio.shot('model-pages-chip');
    await chip.click();
    const form = page.getByRole('form', { name: 'Generic form for image_model_id_x1' });
    await form.waitFor();
    // The page's fields as controls; the array it also names, as JSON.
    await expect.poll(() => page.getByTestId('generic-note').textContent()).toContain('negative_prompts');
    const prompt = 'a glasshouse at dawn, on a model known by its page';
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByLabel('steps', { exact: true }).fill('12');
    await form.getByLabel('seed', { exact: true }).fill('7');
    await form.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('9:16', { exact: true }).click();
    await form.getByLabel('Parameters (JSON)').fill('{"negative_prompts": ["fog"]}');
    await studio.shot('model-pages-form');
    await form.getByRole('button', { name: 'Generate' }).click();
    const x1 = async () =>
      (await callStudio<{ tasks: TaskRow[] }>(page, 'tasks.list')).tasks.find(
        (t) => t.model === 'image_model_id_x1',
      );
    await expect
      .poll(x1, { timeout: 30_000 })
      .toMatchObject({ params: { prompt, steps: 12, seed: 7, size: '9:16', negative_prompts: ['fog'] } });
    await expect.poll(async () => (await x1())?.state, { timeout: 60_000 }).toBe('completed');
    await expect.poll(() => libraryHasPrompt(page, prompt), { timeout: 60_000 }).toBe(true);
    await goTo(page, 'Library');
    await page.getByText(prompt).first().waitFor({ timeout: 20_000 });
    await studio.shot('model-pages-library');
  });
});
