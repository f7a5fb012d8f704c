/// <reference lib="dom" />
// Long prompts, as a new user wrote them: 20 000 and 100 000 characters on a family with no prompt limit go to
// the gateway whole (the page sends large inputs in a request body, not in an address that a server refuses with
// 431), and a family with a limit ([LIM-8]: I3 takes 800 characters) says so at the field before anything is sent.
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

async function sentPrompts(): Promise<number[]> {
  const { tasks } = await callStudio<{ tasks: { params: Record<string, unknown> }[] }>(page, 'tasks.list');
  return tasks.map((t) => String(t.params['prompt'] ?? '').length);
}

describe('long prompts', () => {
  it('sends 20 000 and 100 000 characters whole on a family without a limit, with no raw error', async () => {
    await chooseFamily(page, 'image.i2');
    const prompt = page.getByTestId('form-image.i2').getByLabel('Prompt', { exact: true });
    for (const [i, length] of [20_000, 100_000].entries()) {
      // fill() types it at once, as a paste does; the estimate and the history look it up as it changes.
      await prompt.fill('a lighthouse on a cliff, '.repeat(length / 25));
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect.poll(sentPrompts, { timeout: 30_000 }).toHaveLength(i + 1);
    }
    expect((await sentPrompts()).sort((a, b) => a - b)).toEqual([20_000, 100_000]);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/Failed to execute|Failed to fetch|Unexpected token/);
    await studio.shot('long-prompt-sent');
    expect(studio.pageErrors).toEqual([]);
  });

  it('[LIM-8] names the limit at the field of a family that has one, and sends nothing', async () => {
    await chooseFamily(page, 'image.i3');
    const prompt = page.getByTestId('form-image.i3').getByLabel('Prompt', { exact: true });
    const before = (await sentPrompts()).length;
    await prompt.fill('x'.repeat(801));
    await page.getByRole('button', { name: 'Generate' }).click();
    await page
      .getByText(/800 characters/)
      .first()
      .waitFor();
    expect(await prompt.getAttribute('aria-invalid')).toBe('true');
    expect((await sentPrompts()).length).toBe(before);
    await studio.shot('long-prompt-limit');
  });
});
