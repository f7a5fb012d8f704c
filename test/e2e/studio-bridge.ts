/// <reference lib="dom" />
// The studio's bridge called from inside the page, as the renderer calls it in web mode (same origin, the page's
// token cookie): for browser tests that check what the studio holds after driving the UI, or set up what the UI
// is not under test for. GET for a query, POST with a JSON body for a mutation.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** tRPC's result.data of one procedure (e.g. 'tasks.list'); with `input`, the procedure is a mutation. */
export async function callStudio<T>(page: Page, procedure: string, input?: unknown): Promise<T> {
  const data: unknown = await page.evaluate(
    async ([name, body]) => {
      const res = await fetch(`/trpc/${name}`, {
        ...(body === undefined
          ? {}
          : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    },
    [procedure, input] as const,
  );
  return data as T;
}

/** The prompts of the library's items (null for an item without one, e.g. a track's cover). */
export async function libraryPrompts(page: Page): Promise<(string | null)[]> {
  const { items } = await callStudio<{ items: { prompt: string | null }[] }>(page, 'library.query');
  return items.map((item) => item.prompt);
}

/** Whether the library holds an item of this prompt. */
export async function libraryHasPrompt(page: Page, prompt: string): Promise<boolean> {
  return (await libraryPrompts(page)).includes(prompt);
}

/** Sends one square I3 picture of this prompt, for tests whose subject is what happens to results, not Create. */
export function submitPicture(page: Page, prompt: string): Promise<unknown> {
  return callStudio(page, 'tasks.submit', {
    family: 'image.i3',
    model: 'image_model_id_i3',
    params: { prompt, size: '1:1', resolution: '1K' },
  });
}

/** Sends a picture of each prompt and waits until every one is in the library: a library to act on. */
export async function picturesInLibrary(page: Page, prompts: string[]): Promise<void> {
  for (const prompt of prompts) await submitPicture(page, prompt);
  await expect
    .poll(
      async () => {
        const held = await libraryPrompts(page);
        return prompts.every((prompt) => held.includes(prompt));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}
