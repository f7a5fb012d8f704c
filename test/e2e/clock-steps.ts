// Reading a page whose studio runs on a ManualClock (demo-studio.ts, switches.clock): each read of a poll moves the
// clock a step first, so the poll is also the clock's beat and a task, a retry or a link's life takes as many reads
// as it has steps, not the real seconds it would take. A step of a second or two keeps every request in flight
// inside its timeout.
import type { Locator, Page } from 'playwright-core';
import type { ManualClock } from '../../electron/core/clock';
import { passTime } from './demo-studio';

/** expect.poll's options for a stepped read: reads follow one another at once, the clock gives the pace. */
export const STEPPED = { intervals: [50], timeout: 60_000 };

/** A read that first moves the studio's, its demo gateway's and the page's clock by stepMs. */
export const afterStep =
  <T>(page: Page, clock: ManualClock, stepMs: number, read: () => Promise<T>) =>
  async (): Promise<T> => {
    await passTime(page, clock, stepMs);
    return read();
  };

/** What a locator shows now, without waiting for it to appear (a stepped read must never hold the clock). */
export const textNow = async (locator: Locator): Promise<string | null> =>
  (await locator.allTextContents())[0] ?? null;

/** An attribute of a locator's first match now, or null when nothing matches yet (without waiting). */
export const attributeNow = async (locator: Locator, name: string): Promise<string | null> =>
  locator.evaluateAll((els, attr) => els[0]?.getAttribute(attr) ?? null, name);
