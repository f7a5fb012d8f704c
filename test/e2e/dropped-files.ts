/// <reference lib="dom" />
// A file dragged in from the desktop and let go on an element, as the browser reports it: the element gets
// dragenter, dragover and drop with the file in their dataTransfer (a target may listen for either of the first
// two; a real drag sends both). Headless Chromium has no desktop to drag from, so the events are dispatched.
import type { JSHandle, Locator } from 'playwright-core';

/** Drops one file of these bytes (or a Blob made in the page) on the target. */
export async function dropFile(
  target: Locator,
  name: string,
  type: string,
  contents: Buffer | JSHandle<Blob>,
): Promise<void> {
  const page = target.page();
  const transfer = Buffer.isBuffer(contents)
    ? await page.evaluateHandle(
        ({ base64, name, type }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
          return dt;
        },
        { base64: contents.toString('base64'), name, type },
      )
    : await page.evaluateHandle(
        ({ blob, name, type }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([blob], name, { type }));
          return dt;
        },
        { blob: contents, name, type },
      );
  for (const event of ['dragenter', 'dragover', 'drop'])
    await target.dispatchEvent(event, { dataTransfer: transfer });
}
