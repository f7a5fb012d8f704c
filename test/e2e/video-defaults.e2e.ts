/// <reference lib="dom" />
// A video form starts filled from the catalog's defaults and offers the values it names as choices: V1's
// duration, resolution and aspect ratio are there before anything is typed (the ratio a radio group, not a free
// box whose rules showed only as errors), so a prompt alone sends. The spec allows any ratio string, so the
// usual ratios are choices and "Other…" takes any other: a ratio for V1 and W ("string ratio"), any text for V2
// and K ("string"); a wrong one is said in a sentence before anything is sent. Nothing serious for axe in either
// scheme.
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

interface Listed {
  params: Record<string, unknown>;
}

const sentWith = async (prompt: string): Promise<Record<string, unknown> | undefined> =>
  (await callStudio<{ tasks: Listed[] }>(page, 'tasks.list')).tasks.find((t) => t.params.prompt === prompt)
    ?.params;

describe('video ratios: the usual ones as choices, any other the spec allows', () => {
  it('V1: a choice is sent as picked; 4:5 typed under Other… is sent; a word is refused with a sentence', async () => {
    await chooseFamily(page, 'video.v1');
    const form = page.getByTestId('form-video.v1');
    const ratio = form.getByRole('radiogroup', { name: 'Aspect ratio' });
    const prompt = form.getByLabel('Prompt', { exact: true });
    // A choice: one click, sent as it reads.
    await ratio.getByText('9:16', { exact: true }).click();
    await prompt.fill('a lighthouse, portrait, picked');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => sentWith('a lighthouse, portrait, picked'), { timeout: 30_000 })
      .toMatchObject({ aspect_ratio: '9:16' });

    // Another ratio: Other… opens a box with the focus in it.
    await ratio.getByText('Other…', { exact: true }).click();
    const other = form.getByRole('textbox', { name: 'Other aspect ratio' });
    await expect.poll(() => other.evaluate((el) => el === document.activeElement)).toBe(true);
    // A word is no ratio: said under the field, in words, and nothing is sent.
    await other.fill('wide');
    await prompt.fill('a lighthouse, a word for a ratio');
    await page.getByRole('button', { name: 'Generate' }).click();
    const sentence = 'Must be a ratio of two numbers above zero, such as 4:5 or 5:4.';
    await form.getByText(sentence).waitFor();
    expect(await other.getAttribute('aria-invalid')).toBe('true');
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`video-ratio-other-refused-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
    await emulateScheme(page, 'light');
    expect(await sentWith('a lighthouse, a word for a ratio')).toBeUndefined();
    // A ratio with a zero side is refused too.
    await other.fill('0:5');
    await page.getByRole('button', { name: 'Generate' }).click();
    await form.getByText(sentence).waitFor();
    expect(await sentWith('a lighthouse, a word for a ratio')).toBeUndefined();

    await other.fill('4:5');
    await prompt.fill('a lighthouse, four by five');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => sentWith('a lighthouse, four by five'), { timeout: 30_000 })
      .toMatchObject({ aspect_ratio: '4:5' });
    expect(await form.getByText(sentence).count()).toBe(0);
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`video-ratio-other-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
    await emulateScheme(page, 'light');
  });

  it('W: size takes another ratio; K: aspect_ratio takes any text the spec allows, blank refused', async () => {
    await chooseFamily(page, 'video.w');
    const w = page.getByTestId('form-video.w');
    await w.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('Other…', { exact: true }).click();
    await w.getByRole('textbox', { name: 'Other aspect ratio' }).fill('5:4');
    await w.getByLabel('Prompt', { exact: true }).fill('a harbour at noon, five by four');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => sentWith('a harbour at noon, five by four'), { timeout: 30_000 })
      .toMatchObject({ size: '5:4' });

    await chooseFamily(page, 'video.k');
    const k = page.getByTestId('form-video.k');
    await k.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('Other…', { exact: true }).click();
    const other = k.getByRole('textbox', { name: 'Other aspect ratio' });
    await k.getByLabel('Prompt', { exact: true }).fill('a kite, the ratio left to the gateway');
    await other.fill('   ');
    await page.getByRole('button', { name: 'Generate' }).click();
    await k.getByText('Must not be blank.').waitFor();
    await other.fill('adaptive');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => sentWith('a kite, the ratio left to the gateway'), { timeout: 30_000 })
      .toMatchObject({ aspect_ratio: 'adaptive' });
  });
});
