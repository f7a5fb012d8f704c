/// <reference lib="dom" />
// A board's run as a person follows it on the Storyboard page (demo gateway, run fast by its time scale): the
// shot that continues from the one before says whether, run alone, it takes that shot's take or starts fresh; a
// finished run offers its edit lists (EDL, FCPXML) as files; a shot the gateway fails once ([fail-once]) shows
// what stopped it and "Try shot N again", which sends that shot alone (the shot before is not sent again) and
// completes the run; and Cancel the rest stops a
// running board with nothing after the part under way sent.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio } = useDemoStudio(0.02);

type Task = { params: { prompt?: string } };
const sentWith = async (prompt: string) =>
  (await callStudio<{ tasks: Task[] }>(studio.page, 'tasks.list')).tasks.filter((t) =>
    t.params.prompt?.includes(prompt),
  ).length;

async function newBoard(name: string, prompts: string[], continueSecond = false) {
  const { page } = studio;
  await goTo(page, 'Storyboard');
  await page.getByRole('heading', { level: 1, name: 'Storyboard' }).waitFor();
  const open = page.getByRole('combobox', { name: 'Board', exact: true });
  if ((await open.inputValue()) !== '') await open.selectOption('');
  await page.getByLabel('Board name').fill(name);
  for (const [i, prompt] of prompts.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a shot' }).click();
    await shot(i + 1)
      .getByLabel('Prompt')
      .fill(prompt);
  }
  if (continueSecond)
    await shot(2)
      .getByRole('switch', { name: /Continue from the shot before/ })
      .check();
  await expect
    .poll(() => page.getByTestId('board-total').textContent(), { timeout: 15_000 })
    .toMatch(/^Whole board: .+ parts\)$/);
}

/** What a person finds in the saved file (the browser runs apart from the test: its copy is saved here). */
async function textOf(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'edit-list-'));
  try {
    const to = join(dir, download.suggestedFilename());
    await download.saveAs(to);
    return await readFile(to, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const shot = (n: number) => studio.page.getByRole('listitem', { name: `Shot ${n}`, exact: true });
const boardState = () => studio.page.getByTestId('board-state').getAttribute('data-state');

describe('a storyboard run on the page', () => {
  it('says how a shot alone starts, and offers the edit lists of a finished run as files', async () => {
    const { page } = studio;
    await newBoard('Edit lists', ['a lighthouse at dusk', 'the lamp turns'], true);
    await expect
      .poll(() => shot(2).getByTestId('shot-alone-from').textContent())
      .toBe('Run alone, it starts fresh: shot 1 has no finished take to continue from yet.');
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect.poll(boardState, { timeout: 120_000 }).toBe('completed');
    await expect
      .poll(() => shot(2).getByTestId('shot-alone-from').textContent())
      .toBe('Run alone, it continues from the last frame of shot 1’s finished take.');

    const edl = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save the edit list (EDL)' }).click();
    const edlFile = await edl;
    expect(edlFile.suggestedFilename()).toMatch(/\.edl$/);
    const edlText = await textOf(edlFile);
    expect(edlText).toMatch(/^TITLE: Edit lists/m);
    expect(edlText).toMatch(/^002 /m);
    const xml = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save the edit list (FCPXML)' }).click();
    const xmlFile = await xml;
    expect(xmlFile.suggestedFilename()).toMatch(/\.fcpxml$/);
    expect(await textOf(xmlFile)).toContain('<fcpxml');
    await studio.shot('storyboard-edit-lists');
  });

  it('a failed shot is tried again alone; Cancel the rest stops a running board', async () => {
    const { page } = studio;
    await newBoard('Retry', ['a quiet harbour', 'the boat sinks [fail-once]']);
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect.poll(boardState, { timeout: 120_000 }).toBe('failed');
    await expect.poll(() => shot(2).getByTestId('shot-state').getAttribute('data-state')).toBe('failed');
    await shot(2).getByRole('alert').waitFor();
    expect(await shot(2).getByRole('alert').textContent()).toContain('[fail-once]');
    expect(await shot(1).getByTestId('shot-state').getAttribute('data-state')).toBe('completed');
    await studio.shot('storyboard-failed-shot');
    expect([await sentWith('a quiet harbour'), await sentWith('the boat sinks')]).toEqual([1, 1]);

    await shot(2).getByRole('button', { name: 'Try shot 2 again' }).click();
    // Sent again alone: a second task for shot 2, none more for shot 1 (its take stands); this time it is made,
    // and the run goes on to its cut.
    await expect.poll(boardState, { timeout: 120_000 }).toBe('completed');
    expect(await shot(2).getByTestId('shot-state').getAttribute('data-state')).toBe('completed');
    expect([await sentWith('a quiet harbour'), await sentWith('the boat sinks')]).toEqual([1, 2]);
    await studio.shot('storyboard-retried-shot');

    await newBoard('Cancelled', ['fog rolls in', 'fog lifts', 'the sun']);
    await page.getByRole('button', { name: 'Run all' }).click();
    await page.getByRole('button', { name: 'Cancel the rest' }).click();
    await expect.poll(boardState, { timeout: 120_000 }).toBe('failed');
    expect(await sentWith('the sun')).toBe(0);
    expect(await sentWith('fog lifts')).toBe(0);
    await studio.shot('storyboard-cancelled');
  });
});
