/// <reference lib="dom" />
// Models discovered at run time: the demo gateway lists its models (GET /v1/models?expand=parameters),
// a newer I3 id appears in the I3 form beside the catalog's, marked as new on the gateway, and a task sent with
// it goes out under that id with I3's own rules.
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio } = useDemoStudio(0.05, undefined, undefined, undefined, { modelList: 'full' });

describe('models discovered at run time', () => {
  it('offers a new I3 id in the I3 form and submits with it', async () => {
    const { page } = studio;
    await chooseFamily(page, 'image.i3');
    const discovered = page.getByText('image_model_id_i3_2026 (new on the gateway)');
    await discovered.waitFor();
    await discovered.click();
    await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse at dusk, on the new model');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('task-preview').waitFor();
    await studio.shot('discovered-model-i3');
    await expect
      .poll(
        async () =>
          (await callStudio<{ tasks: { model: string; family: string }[] }>(studio.page, 'tasks.list'))
            .tasks[0],
      )
      .toMatchObject({ model: 'image_model_id_i3_2026', family: 'image.i3' });
  });
});
