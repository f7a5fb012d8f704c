/// <reference lib="dom" />
// Settings › Demo gateway also switches how the demo gateway hands out links and lists its models, and
// a model of a family the studio does not know gets a generic form. A person ticks "A model list with
// parameters…", finds the unknown model beside the image families marked as a generic form, is told what is
// wrong with a value out of the listing's bounds, and runs it; with links on another host, each with its own
// lifetime, a result still lands in the library. Without schemas, the form takes the parameters as JSON.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shotAndScanEachScheme } from './axe-scan';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio, libraryHasPrompt } from './studio-bridge';

const { studio, page } = useDemoStudio(0.05);

/** Sets one switch in Settings › Demo gateway, by its visible label, and waits until it is saved. */
async function setSwitch(
  p: Page,
  label: string,
  on: boolean,
  group = /How it hands out result links/,
): Promise<void> {
  await goTo(p, 'Settings');
  const box = p.getByRole('group', { name: group }).getByRole('checkbox', { name: label });
  if ((await box.isChecked()) !== on) await box.click();
  await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(on);
}

async function openGeneric(p: Page): Promise<void> {
  await goTo(p, 'Create');
  await p.getByRole('radiogroup', { name: 'Model family' }).getByText('Image', { exact: true }).click();
  const chip = p.getByRole('button', {
    name: 'image_model_id_x1 (new on the gateway · generic form)',
    exact: true,
  });
  await chip.waitFor({ timeout: 20_000 });
  await chip.click();
  await p.getByRole('form', { name: 'Generic form for image_model_id_x1' }).waitFor();
}

interface TaskRow {
  model: string;
  family: string;
  state: string;
  params: Record<string, unknown>;
}
const tasksOf = async (): Promise<TaskRow[]> =>
  (await callStudio<{ tasks: TaskRow[] }>(page, 'tasks.list')).tasks;

describe('Settings › Demo gateway: links and the model list', () => {
  it('a listed model of an unknown family runs from a generic form, its result fetched from another host', async () => {
    await setSwitch(page, 'Result links on another host than the API', true);
    await setSwitch(page, 'Each file with its own link lifetime (1 h to 72 h)', true);
    await setSwitch(
      page,
      'A model list with parameters, including a new I3 id and a model of an unknown family',
      true,
    );
    await openGeneric(page);
    await expect
      .poll(() => page.getByTestId('generic-note').textContent())
      .toContain('its family is not one this studio knows');
    const prompt = 'a kite over dunes, on a model nobody documented';
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    // The listing says steps is 1 to 50: 80 is refused before anything is sent.
    await page.getByLabel('steps', { exact: true }).fill('80');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('At most 50.').waitFor();
    await studio.shot('demo-switches-generic-refused');
    await page.getByLabel('steps', { exact: true }).fill('30');
    await page.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('16:9', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(async () => (await tasksOf()).find((t) => t.model === 'image_model_id_x1'), { timeout: 30_000 })
      .toMatchObject({ params: { prompt, steps: 30, size: '16:9' } });
    await studio.shot('demo-switches-generic');
    // Done, and its picture filed from the second host.
    await expect
      .poll(async () => (await tasksOf()).find((t) => t.model === 'image_model_id_x1')?.state, {
        timeout: 60_000,
      })
      .toBe('completed');
    const status = await callStudio<{ baseUrl: string }>(page, 'session.status');
    const x1Link = async (): Promise<string> =>
      (
        await callStudio<{ items: { model: string; remoteUrl: string | null }[] }>(page, 'library.query')
      ).items.find((i) => i.model === 'image_model_id_x1')?.remoteUrl ?? '';
    await expect.poll(x1Link, { timeout: 60_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(new URL(await x1Link()).origin).not.toBe(new URL(status.baseUrl).origin);
    // Listed under its own name, as its chip on Create says, not under the family it was sent through (I1).
    await goTo(page, 'Tasks');
    const row = page.getByRole('article').filter({ hasText: prompt });
    await row.getByText('image_model_id_x1 (generic form)', { exact: true }).waitFor();
    expect(await row.getByText('Image I1', { exact: true }).count()).toBe(0);
    await shotAndScanEachScheme(page, studio.shot, 'demo-switches-generic-task-row');
  });

  it('a listing without schemas gives the generic form a JSON parameters field, checked before sending', async () => {
    await setSwitch(
      page,
      'A model list with parameters, including a new I3 id and a model of an unknown family',
      false,
    );
    await setSwitch(page, 'A model list without parameter schemas', true);
    await openGeneric(page);
    await expect
      .poll(() => page.getByTestId('generic-note').textContent())
      .toContain('The list gives no usable parameters');
    const prompt = 'a lantern in fog, parameters typed as JSON';
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    const json = page.getByLabel('Parameters (JSON)');
    await json.fill('{"steps": 12,');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Enter the parameters as one JSON object, such as {"steps": 20}.').waitFor();
    await json.fill('{"steps": 12}');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(async () => (await tasksOf()).find((t) => t.params.prompt === prompt), { timeout: 30_000 })
      .toMatchObject({ model: 'image_model_id_x1', params: { steps: 12 } });
    await studio.shot('demo-switches-generic-json');
  });

  it('acknowledgements as one object with the result inside: the task is done and its picture filed', async () => {
    const dialect = /Make the demo gateway answer/;
    await setSwitch(page, 'Acknowledgements as one object with task_info', true, dialect);
    await setSwitch(page, 'Results inside the acknowledgement (nothing to poll)', true, dialect);
    await chooseFamily(page, 'image.i3');
    const prompt = 'a harbour crane at noon, answered at once';
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(async () => (await tasksOf()).find((t) => t.params.prompt === prompt)?.state, { timeout: 30_000 })
      .toBe('completed');
    await expect.poll(() => libraryHasPrompt(page, prompt), { timeout: 60_000 }).toBe(true);
    await setSwitch(page, 'Results inside the acknowledgement (nothing to poll)', false, dialect);
    await setSwitch(page, 'Acknowledgements as one object with task_info', false, dialect);
  });

  it('several pictures answered as several tasks: each is a task of the one press', async () => {
    await setSwitch(page, 'Several pictures answered as several tasks', true, /Make the demo gateway answer/);
    await chooseFamily(page, 'image.i5');
    const form = page.getByTestId('form-image.i5');
    const prompt = 'two paper lanterns, two tasks';
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByLabel('Number of images').fill('2');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(async () => (await tasksOf()).filter((t) => t.params.prompt === prompt).length, {
        timeout: 30_000,
      })
      .toBe(2);
    await goTo(page, 'Tasks');
    await expect
      .poll(() => page.getByTestId('task-row').filter({ hasText: prompt }).count(), { timeout: 30_000 })
      .toBe(2);
    // Both counted on the demo gateway: the second task is as much this gateway's spending as the first.
    // Five tasks in this file so far, every one on the demo gateway.
    await expect
      .poll(() => page.getByTestId('tasks-total').textContent(), { timeout: 20_000 })
      .toMatch(/^5 tasks/);
    expect(await page.getByTestId('tasks-total').textContent()).not.toContain('another gateway');
    await studio.shot('demo-switches-multi-task');
  });

  it('with the propagation delay and no expiry stated switched on, a result is still saved', async () => {
    // The delay is scaled with the demo's clock (0.05 here): short, so this shows the switches reach the demo and
    // nothing breaks; the downloader's waiting out of a 404 is measured in test/core/tasks/result-links.test.ts.
    await setSwitch(page, 'A fresh link answers 404 for a few seconds', true);
    await setSwitch(page, 'Links without an expiry time', true);
    await chooseFamily(page, 'image.i3');
    const prompt = 'a lighthouse keeper’s lamp, its link still propagating';
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => libraryHasPrompt(page, prompt), { timeout: 60_000 }).toBe(true);
    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: prompt });
    await expect
      .poll(() => row.getByTestId('task-state').getAttribute('data-outcome'), { timeout: 30_000 })
      .toBe('done');
  });
});
