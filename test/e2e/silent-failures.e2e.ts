/// <reference lib="dom" />
// List, each driven as a person would on the demo gateway: grid upscale from its
// form, a wrong reference link named beside it, a typed link that goes with Generate, a video result that plays
// in the Create preview, Run again that says what it started, new rows that read "now", the gateway task id to
// copy, and an empty search that says it found nothing.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { loadedWidth } from './page-pictures';

const { studio, page } = useDemoStudio();

const generate = () => page.getByRole('button', { name: 'Generate', exact: true }).click();
/** The Create preview of the task just sent by this family, once it shows a result of this kind. */
const previewOf = (family: string, kind: 'image' | 'video' | 'audio') =>
  page.locator(`[data-testid="task-preview"][data-family="${family}"] [data-testid="preview-${kind}"]`);

describe('nothing fails silently', () => {
  it('[EP-GRID-1] grid upscale submits from its form and its picture reaches the preview', async () => {
    await chooseFamily(page, 'grid.upscale');
    await page.getByLabel('Source task id').fill('grid-1');
    await page.getByLabel('Grid image (1 to 4)').fill('2');
    await generate();
    const image = previewOf('grid.upscale', 'image').first();
    await image.waitFor({ timeout: 60_000 });
    await expect.poll(() => loadedWidth(image)).toBeGreaterThan(0);
    expect(await page.getByTestId('submit-error').count()).toBe(0);
  });

  it('[STATE-7] a task the gateway fails is told in a toast that says so once', async () => {
    await chooseFamily(page, 'image.i3');
    // The demo gateway fails a task whose prompt carries [fail], halfway through its time.
    await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse in a storm [fail]');
    await generate();
    const toast = page.getByRole('alert').filter({ hasText: 'the prompt carried the [fail] marker' });
    await toast.waitFor({ timeout: 60_000 });
    const words = (await toast.textContent()) ?? '';
    expect(words.match(/The task failed/g)).toHaveLength(1);
  });

  it('[EP-IMAGE-6] a wrong reference link is named beside it and nothing is sent', async () => {
    await chooseFamily(page, 'image.i6');
    await page.getByLabel('Prompt', { exact: true }).fill('A red fox in snow');
    const link = page.getByLabel('Reference images');
    await link.fill('htp://typo.example/fox.png');
    await link.press('Enter');
    const before = await page.getByTestId('task-preview').getAttribute('data-task-id');
    await generate();
    const message = page.getByText('Image 1 (htp://typo.example/fox.png): Must be an http(s) URL.');
    await message.waitFor();
    expect(await page.getByTestId('reference-item').first().getAttribute('class')).toContain('is-invalid');
    await studio.shot('silent-01-i6-wrong-link');
    expect(await page.getByTestId('task-preview').getAttribute('data-task-id')).toBe(before);
  });

  it('[LIM-10] a link typed in the reference box and not added goes with Generate', async () => {
    await chooseFamily(page, 'video.v2');
    await page.getByLabel('Prompt', { exact: true }).fill('A slow pan across the harbour');
    await page.getByLabel('Reference images').fill('https://example.com/harbour.png');
    await generate();
    const preview = page.locator('[data-testid="task-preview"][data-family="video.v2"]');
    await preview.waitFor({ timeout: 15_000 });
    const id = await preview.getAttribute('data-task-id');
    const sent = await page.evaluate(async (taskId) => {
      const answer = (await (
        await fetch(`/trpc/tasks.list?input=${encodeURIComponent(JSON.stringify({ limit: 1000 }))}`)
      ).json()) as {
        result: { data: { tasks: { id: string; params: { image_urls?: string[] } }[] } };
      };
      return answer.result.data.tasks.find((t) => t.id === taskId)?.params.image_urls;
    }, id);
    expect(sent).toEqual(['https://example.com/harbour.png']);
  });

  it('[EP-MUSIC-2] a source concat does not take is refused with the rule, before anything is sent', async () => {
    await chooseFamily(page, 'music.concat');
    const picker = page.getByTestId('music-source-picker');
    await picker.getByRole('radio', { name: /^Generated Sunrise 1, track 1/ }).check();
    const before = await page.getByTestId('task-preview').getAttribute('data-task-id');
    await generate();
    await page
      .getByText(
        'Join segments takes only a track made by an extend operation, and “Generated Sunrise 1” was not: nothing was sent. Pick an extend product.',
      )
      .waitFor();
    await studio.shot('silent-05-concat-refused');
    expect(await page.getByTestId('task-preview').getAttribute('data-task-id')).toBe(before);
  });

  it('[EP-VIDEO-1] a finished video plays in the Create preview with its controls', async () => {
    await chooseFamily(page, 'video.v1');
    await page.getByLabel('Prompt', { exact: true }).fill('Waves breaking on black sand');
    await generate();
    const video = previewOf('video.v1', 'video').first();
    await video.waitFor({ timeout: 90_000 });
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await studio.shot('silent-02-video-preview');
  });

  it('Tasks: a new row reads "now", shows the gateway task id to copy, and Run again says what it started', async () => {
    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').first();
    await row.waitFor();
    // Still running it says when it started; ended (the video above finished), when and how long it took.
    expect(await row.locator('.task-when').textContent()).toMatch(
      /^(Started now|Finished now · took \d+ (sec|min))$/,
    );
    const id = row.getByTestId('gateway-task-id');
    const remoteId = await id.locator('code').textContent();
    expect(remoteId).toBeTruthy();
    await id.getByRole('button', { name: 'Copy: Gateway task id' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(remoteId);

    const completed = page.locator('[data-testid="task-row"][data-state="completed"]').first();
    const family = await completed.locator('.task-family').textContent();
    await completed.getByRole('button', { name: 'Run again' }).click();
    await page
      .getByText(`Started a new ${family} task with the same settings: it is at the top of the list.`)
      .waitFor();
    await studio.shot('silent-03-tasks');
  });

  it('Library: a search that finds nothing says so and offers to clear it', async () => {
    await goTo(page, 'Library');
    await page.getByTestId('library-item').first().waitFor({ timeout: 30_000 });
    await page.getByPlaceholder('Search prompts').fill('zebra unicorn');
    await page.getByText('No items match “zebra unicorn”.').waitFor();
    expect(await page.getByText('Nothing here yet').count()).toBe(0);
    await studio.shot('silent-04-empty-search');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByTestId('library-item').first().waitFor();
    expect(await page.getByPlaceholder('Search prompts').inputValue()).toBe('');
  });

  it('deleting a library item leaves its task saying the file was deleted, not saved', async () => {
    await goTo(page, 'Library');
    await page.getByTestId('library-item').first().click();
    const dialog = page.getByTestId('item-dialog');
    await dialog.waitFor();
    // No question first: the toast says it is done and offers Undo.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // The viewer stays open on the next item (or closes after the last one).
    await page.getByText('1 item moved to the library’s .trash folder.').waitFor();
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await goTo(page, 'Tasks');
    const files = page.getByTestId('task-files').filter({ hasText: 'deleted from the library' });
    await files.first().waitFor();
    expect(await files.first().textContent()).toMatch(/^1 file deleted from the library$/);
    await studio.shot('silent-06-task-file-deleted');
  });
});
