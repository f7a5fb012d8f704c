/// <reference lib="dom" />
// The demo gateway set, in Settings › Demo gateway, to speak the real gateway's dialects, and what a
// person then sees: a status word nobody knows on the task's row (the task still completes), a cancelled task
// said as cancelled and not charged, a balance in CNY, and a proxy's HTML 502 turned into a sentence. The studio
// and its demo gateway share a ManualClock moved a second at each read (clock-steps.ts), at half the demo's speed
// (timeScale 2: an I3 takes 12 s on that clock): once the studio has heard the odd word the clock holds still while
// the page is read, so the word is on screen for as long as the test looks, and no test waits on real seconds.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../electron/core/clock';
import { afterStep, attributeNow, STEPPED, textNow } from './clock-steps';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const clock = new ManualClock(Date.now());
// Every video submission meets a 502 (the proxy's page once html-502 is on); nothing else does.
const { studio, page } = useDemoStudio(
  2,
  { rate: 1, kinds: ['502'], paths: ['/v1/videos/generations'] },
  undefined,
  undefined,
  { clock },
);

const SECOND = 1000;
/** A read after the clock moved a second. */
const stepped = <T>(read: () => Promise<T>) => afterStep(page, clock, SECOND, read);

/** What the studio holds of the task of this prompt: the status word it last heard from the gateway. */
async function heard(prompt: string): Promise<string | undefined> {
  const { tasks } = await callStudio<{ tasks: { params: { prompt?: string }; gatewayStatus?: string }[] }>(
    page,
    'tasks.list',
  );
  return tasks.find((t) => t.params.prompt === prompt)?.gatewayStatus;
}

/** Switches one dialect on in Settings › Demo gateway, by its visible label. */
async function speak(p: Page, label: string): Promise<void> {
  await goTo(p, 'Settings');
  const demo = p.getByRole('group', { name: /Make the demo gateway answer/ });
  const box = demo.getByRole('checkbox', { name: label });
  // A controlled box: it shows checked once the setting is saved, so it is clicked, then waited for.
  await box.click();
  await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);
}

async function generateI3(p: Page, prompt: string): Promise<void> {
  await chooseFamily(p, 'image.i3');
  await p.getByLabel('Prompt', { exact: true }).fill(prompt);
  await p.getByRole('button', { name: 'Generate' }).click();
}

/** The task row on the Tasks page whose prompt is this text. */
const row = (p: Page, prompt: string) => p.getByTestId('task-row').filter({ hasText: prompt });

describe('the demo gateway speaking the real gateway’s dialects', () => {
  it('a balance in CNY is shown in CNY, never as USD', async () => {
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toMatch(/ USD$/);
    await speak(page, 'Balance in CNY');
    await expect
      .poll(() => page.getByTestId('balance-value').textContent(), { timeout: 15_000 })
      .toMatch(/^[\d,]+\.\d+ CNY$/);
    await expect.poll(() => page.getByTestId('account-balance-value').textContent()).toMatch(/ CNY$/);
    await studio.shot('dialects-balance-cny');
  });

  it('a status word nobody knows is on the task row while the task goes on; the task completes, its cost in CNY', async () => {
    await speak(page, 'Other status words');
    const prompt = 'a windmill on a hill [status:moderating]';
    await generateI3(page, prompt);
    await goTo(page, 'Tasks');
    const said = row(page, prompt).getByTestId('task-gateway-status');
    // The clock moves until the studio has heard the word, then holds: the task is still running while it is read.
    await expect
      .poll(
        stepped(() => heard(prompt)),
        STEPPED,
      )
      .toBe('moderating');
    await expect.poll(() => textNow(said)).toContain('the gateway says “moderating”');
    await studio.shot('dialects-unknown-status');
    await expect
      .poll(
        stepped(() => attributeNow(row(page, prompt).getByTestId('task-state'), 'data-outcome')),
        STEPPED,
      )
      .toBe('done');
    // Its cost, and the page's total, in the gateway's currency (CNY since the first test), never in USD.
    await expect
      .poll(() => row(page, prompt).getByTestId('task-cost').textContent(), { timeout: 30_000 })
      .toMatch(/^[\d,]+\.\d+ CNY$/);
    await expect.poll(() => page.getByTestId('tasks-total').textContent()).toMatch(/ CNY/);
    expect(await page.getByTestId('tasks-total').textContent()).not.toMatch(/USD/);
    await goTo(page, 'Usage');
    await expect
      .poll(() => page.getByTestId('usage-spent').textContent(), { timeout: 30_000 })
      .toMatch(/ CNY$/);
    await studio.shot('dialects-usage-cny');
  });

  it('a cancelled task is said as cancelled and not charged', async () => {
    const prompt = 'a barn at dusk [cancel]';
    await generateI3(page, prompt);
    await goTo(page, 'Tasks');
    const pill = row(page, prompt).getByTestId('task-state');
    await expect
      .poll(
        stepped(() => textNow(pill)),
        STEPPED,
      )
      .toBe('Cancelled: not charged');
    expect(await row(page, prompt).getByTestId('task-error').count()).toBe(0);
    await studio.shot('dialects-cancelled');
  });

  it('a refusal said only as {code: 451, type: "policy"}, with progress as text, reads as a content-policy refusal', async () => {
    await speak(page, 'A refused task said only as {code: 451, type: "policy"}');
    await speak(page, 'Progress as text (“45%”)');
    const prompt = 'a forbidden harbour [fail]';
    await generateI3(page, prompt);
    await goTo(page, 'Tasks');
    const error = row(page, prompt).getByTestId('task-error');
    await expect
      .poll(
        stepped(() => textNow(error)),
        STEPPED,
      )
      .toContain('The gateway refused this task under its content policy (451, policy).');
    await studio.shot('dialects-policy-451');
  });

  it('a proxy’s HTML 502 becomes a sentence; its markup is never shown', async () => {
    await speak(page, 'A web page on 502');
    await chooseFamily(page, 'video.v1');
    const prompt = 'waves on a pier at night';
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
    await goTo(page, 'Tasks');
    const notice = row(page, prompt).getByTestId('task-charge');
    await expect
      .poll(
        stepped(() => textNow(notice)),
        STEPPED,
      )
      .toContain('(The gateway is temporarily unavailable.)');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/<html|<center|nginx|502 Bad Gateway/i);
    await studio.shot('dialects-html-502');
  });
});
