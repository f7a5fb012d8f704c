/// <reference lib="dom" />
// Advanced, under every family's form, driven in a browser on the demo gateway: a webhook the gateway would drop
// is refused beside the field; a V1 first frame pasted into "Extra body fields" goes out as a data URL, and the
// webhook and the extra field stay with the task and its library item.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOTS, useDemoStudio } from './demo-studio';
import { pictureInPage } from './page-pictures';
import { callStudio } from './studio-bridge';

const HOOK = 'https://hooks.example.com/studio';
const KEPT_IMAGE = /^(studio-ref:[0-9a-f]{16,}|data:image\/png;base64,)/;

const { page } = useDemoStudio(0.02);

describe('Advanced: webhook and extra body fields', () => {
  it('[EVT-9] a local webhook is refused beside the field, and nothing is sent', async () => {
    await page.getByRole('radiogroup', { name: 'Model family' }).getByText('Video', { exact: true }).click();
    await page.getByRole('button', { name: 'V1', exact: true }).click();
    await page.getByLabel('Prompt', { exact: true }).fill('Waves rolling onto a black sand beach');
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByLabel('Webhook URL (optional)').fill('http://localhost:8080/hook');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText(/drops callbacks to local and private addresses/).waitFor();
    expect(await page.getByLabel('Webhook URL (optional)').getAttribute('aria-invalid')).toBe('true');
    expect((await callStudio<{ total: number }>(page, 'tasks.list')).total).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'advanced-webhook-refused.png') });
  });

  it('[EP-VIDEO-7] [COMMON-1] a pasted first frame and a webhook go out and stay with the task and its item', async () => {
    await page.getByLabel('Webhook URL (optional)').fill(HOOK);
    const editor = page.getByLabel('Extra body fields (JSON)');
    await editor.fill('{ "first_frame_image":  }');
    await editor.focus();
    await editor.press('End');
    for (let i = 0; i < 2; i++) await editor.press('ArrowLeft');
    // A person presses Ctrl+V with a picture on the clipboard; headless Chromium has no system clipboard to
    // hold one, so the same paste event is dispatched with the picture in its clipboardData.
    const frame = await pictureInPage(page, '#1d3b53', 8, 8);
    await editor.evaluate((el, blob) => {
      const data = new DataTransfer();
      data.items.add(new File([blob], 'frame.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, frame);
    await expect
      .poll(() => editor.inputValue())
      .toMatch(/^\{ "first_frame_image": "data:image\/png;base64,[^"]+" \}$/);
    await page.screenshot({ path: join(SHOTS, 'advanced-extra-fields.png') });
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('task-preview').waitFor();

    type Task = { id: string; state: string; webhook?: string; params: Record<string, unknown> };
    const tasks = await callStudio<{ tasks: Task[] }>(page, 'tasks.list');
    const task = tasks.tasks[0] as Task;
    expect(task.webhook).toBe(HOOK);
    expect(task.params).toMatchObject({ prompt: 'Waves rolling onto a black sand beach' });
    // Kept as the studio's content-addressed reference to the pasted bytes (the data URL goes only to the gateway).
    expect(String(task.params.first_frame_image)).toMatch(KEPT_IMAGE);

    // The finished video's library item keeps the extra field with the rest of its parameters.
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-item').first().waitFor({ timeout: 60_000 });
    const items = await callStudio<{ items: { params: Record<string, unknown> }[] }>(page, 'library.query');
    expect(String(items.items[0]?.params.first_frame_image)).toMatch(KEPT_IMAGE);
  });

  it('[EP-VIDEO-6] family S sends each reference image with the role the user typed', async () => {
    await page.getByTestId('nav-create').click();
    await page.getByRole('radiogroup', { name: 'Model family' }).getByText('Video', { exact: true }).click();
    await page.getByTestId('family-video.s').click();
    await page.getByTestId('form-video.s').waitFor();
    await page.getByLabel('Prompt', { exact: true }).fill('A chase across rooftops');
    const roles = page.getByLabel('Reference images with roles');
    await roles.fill(
      'https://img.example.com/hero.png main character\nhttps://img.example.com/city.png background',
    );
    await roles.press('Tab');
    await page.screenshot({ path: join(SHOTS, 'image-roles.png') });
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(
        async () => (await callStudio<{ tasks: { family: string }[] }>(page, 'tasks.list')).tasks[0]?.family,
      )
      .toBe('video.s');
    const { tasks } = await callStudio<{ tasks: { params: Record<string, unknown> }[] }>(page, 'tasks.list');
    expect(tasks[0]?.params.image_with_roles).toEqual([
      { url: 'https://img.example.com/hero.png', role: 'main character' },
      { url: 'https://img.example.com/city.png', role: 'background' },
    ]);
  });
});
