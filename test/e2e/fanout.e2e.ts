/// <reference lib="dom" />
// One prompt, three models, as a creator does it on the demo gateway: on I3, "Also run on…" picks I1 (Standard)
// and I4; what each ignores is named under the choice; the line beside Generate says "3 models" with each
// model's share; one press sends all three as one group and lands in the compare view, a grid of three, each
// cell labelled with its model, its cost and its time. The library opens the same view from any of its items.
import { describe, expect, it } from 'vitest';
import { seriousViolations, shotAndScanEachScheme } from './axe-scan';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

const PROMPT = 'A lighthouse on a cliff at dusk';

interface ListedTask {
  family: string;
  params: { prompt?: string };
  batch?: { id: string; size: number; compare?: boolean };
}

async function tasks(): Promise<ListedTask[]> {
  return (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks;
}

/** The model names in the grid, in order. */
const models = () => page.getByTestId('group-model').allTextContents();

describe('One prompt, several models', () => {
  it('three models at one press end in the grid, each with its model, cost and time', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    await form.getByLabel('Prompt', { exact: true }).fill(PROMPT);
    const picker = form.getByRole('group', { name: 'Also run on…' });
    await picker.getByRole('checkbox', { name: 'I1 · Standard' }).check();
    await picker.getByRole('checkbox', { name: 'I4' }).check();
    // Nothing dropped silently: what each chosen model does not take is named under the choice.
    const notes = form.getByTestId('fanout-note');
    await expect
      .poll(() => notes.allTextContents())
      .toEqual([
        'I1 · Standard ignores: Content moderation, Aspect ratio, Smart prompt extension',
        'I4 ignores: Content moderation, Aspect ratio, Resolution, Smart prompt extension',
      ]);
    // Before sending: the press's total (or how many have no estimate yet) and one share per model.
    const estimate = form.getByTestId('estimate');
    await expect.poll(() => estimate.getByText(/^3 models/).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => estimate.getByTestId('estimate-share').allTextContents())
      .toEqual([
        expect.stringMatching(/^I3: /),
        expect.stringMatching(/^I1 · Standard: /),
        expect.stringMatching(/^I4: /),
      ]);
    await studio.shot('fanout-create');
    expect(await seriousViolations(page, '[data-testid="form-image.i3"]')).toEqual([]);

    await page.getByRole('button', { name: 'Generate' }).click();
    // The results land in the compare view: a grid (three), in the order of the press.
    await page.getByRole('heading', { name: 'Compare models' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/compare-group\//);
    const grid = page.getByRole('list', { name: 'Results, one per model' });
    expect(await grid.getAttribute('data-layout')).toBe('grid');
    await expect.poll(models).toEqual(['I3', 'I1 · Standard', 'I4']);
    const cells = grid.getByTestId('group-cell');
    // Each fills in as it arrives: its picture, what the gateway charged, how long it took.
    for (const name of ['I3', 'I1 · Standard', 'I4']) {
      const cell = grid.getByRole('listitem', { name });
      await cell.getByTestId('group-media').waitFor({ timeout: 90_000 });
      await expect
        .poll(() => cell.getByTestId('task-cost').textContent(), { timeout: 60_000 })
        .toMatch(/^\d+\.\d+ USD$/);
      expect(await cell.getByTestId('group-time').textContent()).toMatch(/^took \d+ s$/);
    }
    expect(await cells.count()).toBe(3);
    await studio.shot('fanout-grid');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // One group of three at the gateway, marked for comparison, each with the prompt typed.
    const sent = (await tasks()).filter((t) => t.batch?.compare);
    expect(sent.map((t) => t.family).sort()).toEqual(['image.i1', 'image.i3', 'image.i4']);
    expect(new Set(sent.map((t) => t.batch?.id)).size).toBe(1);
    expect(sent.every((t) => t.batch?.size === 3 && t.params.prompt === PROMPT)).toBe(true);

    // The same view from the library, from any item of the group.
    await goTo(page, 'Library');
    const tiles = page.getByTestId('library-item');
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(3);
    // Each tile says what the press was: a comparison of three models, not a batch of three prompts.
    for (const tile of await tiles.all())
      await tile.getByText('comparison of 3 models', { exact: true }).waitFor();
    expect(await page.getByText('batch of 3', { exact: true }).count()).toBe(0);
    await shotAndScanEachScheme(page, studio.shot, 'fanout-library-badge');
    await tiles.last().click();
    const viewer = page.getByTestId('item-dialog');
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Compare group' }).click();
    await page.getByRole('heading', { name: 'Compare models' }).waitFor();
    await expect.poll(models).toEqual(['I3', 'I1 · Standard', 'I4']);
    await expect.poll(() => page.getByTestId('group-media').count(), { timeout: 30_000 }).toBe(3);
  });
});
