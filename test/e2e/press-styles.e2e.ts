/// <reference lib="dom" />
// The styles a press was sent with are kept with every task it makes, whatever the kind of press: a batch of
// prompt lines (each task keeps its own line as typed) and one prompt on several models ("Also run on…"). They
// were once recorded by a second call after a single task's answer only, so a batch's and a fan-out's tasks
// kept none, and Edit and run again brought back the prompt as sent, styles baked in, without its chips.
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

interface ListedTask {
  id: string;
  family: string;
  params: { prompt?: string };
  batch?: { id: string; size: number; compare?: boolean };
}

interface KeptStyles {
  typed: string;
  styles: { name: string }[];
}

async function tasks(): Promise<ListedTask[]> {
  return (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks;
}

const keptFor = (taskId: string) => callStudio<KeptStyles | null>(page, 'styles.forTask', { taskId });

describe('Styles kept with every task of a press', () => {
  it('a batch of two lines and a fan-out over two models keep the typed words and the chip', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    await form.getByRole('button', { name: 'Styles', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Styles' });
    await menu.getByRole('button', { name: 'New style' }).click();
    await menu.getByLabel('Name').fill('Film');
    await menu.getByLabel('Words').fill('35 mm film');
    await menu.getByRole('button', { name: 'Make style' }).click();
    await form.getByRole('button', { name: 'Styles', exact: true }).click();
    const chips = form.getByRole('list', { name: 'Styles on' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['Film']);

    // A batch: one task per line, each sent styled and keeping its own line as typed.
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill('a fox in the snow\na heron at dawn');
    await form.getByText('Several prompts: one task per line').click();
    await expect
      .poll(() => form.getByTestId('estimate').textContent(), { timeout: 15_000 })
      .toMatch(/^2 tasks/);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(async () => (await tasks()).filter((t) => t.batch).length, { timeout: 30_000 }).toBe(2);
    const batch = (await tasks()).filter((t) => t.batch);
    expect(batch.map((t) => t.params.prompt).sort()).toEqual([
      'a fox in the snow, 35 mm film',
      'a heron at dawn, 35 mm film',
    ]);
    const batchKept = await Promise.all(batch.map((t) => keptFor(t.id)));
    expect(batchKept.map((k) => k?.typed).sort()).toEqual(['a fox in the snow', 'a heron at dawn']);
    for (const kept of batchKept) expect(kept?.styles.map((s) => s.name)).toEqual(['Film']);

    // A fan-out: the same styled prompt on the form's model and on I1, both keeping the words typed.
    await form.getByText('Several prompts: one task per line').click();
    await prompt.fill('a lighthouse at dusk');
    await form
      .getByRole('group', { name: 'Also run on…' })
      .getByRole('checkbox', { name: 'I1 · Standard' })
      .check();
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('heading', { name: 'Compare models' }).waitFor({ timeout: 30_000 });
    const group = (await tasks()).filter((t) => t.batch?.compare);
    expect(group.map((t) => t.family).sort()).toEqual(['image.i1', 'image.i3']);
    for (const task of group) {
      expect(task.params.prompt).toBe('a lighthouse at dusk, 35 mm film');
      const kept = await keptFor(task.id);
      expect(kept?.typed).toBe('a lighthouse at dusk');
      expect(kept?.styles.map((s) => s.name)).toEqual(['Film']);
    }
    await studio.shot('press-styles-compare');
  });
});
