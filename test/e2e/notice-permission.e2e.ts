/// <reference lib="dom" />
// Web mode asks the browser's notification permission once, on a press of Generate (a person's gesture), never
// when a page loads and never again for later tasks, a reload included. The page's Notification is the browser's,
// with its permission held at "default" (the person closed the prompt without answering), so a studio that asked
// on every task would ask again here; each call to requestPermission is counted outside the page, so the count
// survives a reload, with whether the page had a user's gesture at that moment.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

interface Ask {
  withGesture: boolean;
}

const asks: Ask[] = [];

interface ListedTask {
  id: string;
  params: { prompt?: string };
}

async function generate(prompt: string): Promise<void> {
  await chooseFamily(page, 'image.i3');
  await page.getByTestId('form-image.i3').getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  const sent = async () =>
    (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks.find(
      (t) => t.params.prompt === prompt,
    )?.id ?? '';
  await expect.poll(sent).not.toBe('');
  // The preview shows the press's task from the same callback that asks (after it is sent): once it shows, any
  // question this press made has been recorded (a binding's call reaches the test before a later evaluate's).
  await page.locator(`[data-testid="task-preview"][data-task-id="${await sent()}"]`).waitFor();
  await page.evaluate(() => undefined);
}

describe('web mode: the notification permission', () => {
  it('is asked once, at the first Generate, and not on load, on later tasks or after a reload', async () => {
    await page.exposeBinding('recordPermissionAsk', (_source, withGesture: boolean) => {
      asks.push({ withGesture });
    });
    await page.addInitScript(() => {
      const record = (window as unknown as { recordPermissionAsk: (gesture: boolean) => Promise<void> })
        .recordPermissionAsk;
      // Unanswered: the permission stays "default", as when a person closes the browser's prompt.
      Object.defineProperty(Notification, 'permission', { get: () => 'default', configurable: true });
      Object.defineProperty(Notification, 'requestPermission', {
        configurable: true,
        value: () => {
          void record(navigator.userActivation.isActive);
          return Promise.resolve('default');
        },
      });
    });
    await page.reload();
    await page.getByTestId('nav-create').waitFor();
    // Loading and moving between pages asks nothing.
    for (const name of ['Tasks', 'Library', 'Create'] as const) await goTo(page, name);
    expect(asks).toEqual([]);

    await generate('a lantern on a jetty, the first task');
    await expect.poll(() => asks.length).toBe(1);
    expect(asks[0]).toEqual({ withGesture: true });

    await generate('a lantern on a jetty, the second task');
    await page.reload();
    await page.getByTestId('nav-create').waitFor();
    await generate('a lantern on a jetty, after a reload');
    // Each press has had its moment to ask; still the one question.
    expect(asks).toHaveLength(1);
    await studio.shot('notice-permission-asked-once');
  });
});
