/// <reference lib="dom" />
// A video form starts filled from the catalog's defaults and offers the values it names as choices: V1's
// duration, resolution and aspect ratio are there before anything is typed (the ratio a radio group, not a free
// box whose rules showed only as errors), so a prompt alone sends. Nothing serious for axe in either scheme.
import { describe, expect, it } from 'vitest';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

describe('video forms start filled', () => {
  it('V1: duration, resolution and aspect ratio have defaults; the ratio is a choice', async () => {
    await chooseFamily(page, 'video.v1');
    const form = page.getByTestId('form-video.v1');
    expect(await form.getByLabel('Duration (seconds)').inputValue()).toBe('5');
    const resolution = form.getByRole('radiogroup', { name: 'Resolution' });
    expect(await resolution.getByLabel('720p').isChecked()).toBe(true);
    const ratio = form.getByRole('radiogroup', { name: 'Aspect ratio' });
    expect(await ratio.getByLabel('16:9').isChecked()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Aspect ratio' }).count()).toBe(0);
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`video-defaults-v1-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
    // A prompt alone sends, with the defaults the form showed.
    await form.getByLabel('Prompt', { exact: true }).fill('a kite over dunes, the defaults as shown');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(
        async () =>
          (
            await callStudio<{ tasks: { family: string; params: Record<string, unknown> }[] }>(
              page,
              'tasks.list',
            )
          ).tasks[0]?.params,
        { timeout: 30_000 },
      )
      .toMatchObject({ duration: 5, resolution: '720p', aspect_ratio: '16:9' });
  });

  it('W and K: the ratio is a choice with a default too', async () => {
    for (const family of ['video.w', 'video.k'] as const) {
      await chooseFamily(page, family);
      const ratio = page.getByTestId(`form-${family}`).getByRole('radiogroup', { name: 'Aspect ratio' });
      expect(await ratio.getByLabel('16:9').isChecked()).toBe(true);
    }
  });
});
