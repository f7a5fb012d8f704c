/// <reference lib="dom" />
// axe-core (WCAG 2.1 AA rules) run in the page as it stands: what a browser test asserts has no serious or
// critical violation. The result names each rule, its impact and the elements it found, so a failure reads as a
// list of what to fix rather than a count.
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { goTo } from './demo-studio';

type PageName = Parameters<typeof goTo>[1];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical WCAG 2.1 AA violations on the page now (an empty list when there are none). axe runs in
 * the page itself (the builder's legacy mode: axe.run in the top frame), not in its default way of a partial run
 * in each frame finished in a blank page it opens for every scan: the studio's pages have no frames, so the rules
 * and what they find are the same, without a page opened, loaded with axe twice more and closed at each scan.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) =>
        `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`.trim(),
      ),
    }));
}

/**
 * Switches the page to a colour scheme and waits until the page has restyled for it: emulateMedia returns
 * before every element has taken its light-dark() value, and a scan at that moment once read a light
 * foreground on a dark background (a contrast failure no user can see).
 */
export async function emulateScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => window.matchMedia('(prefers-color-scheme: dark)').matches === dark,
    scheme === 'dark',
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/** The two colour schemes every screen is scanned in. */
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** What a failure prints: each serious rule with the elements it found (an empty list when there are none). */
export async function violationLines(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).flatMap((f) => f.targets.map((target) => `${f.rule}: ${target}`));
}

/** A page of the sidebar, opened and loaded (the library's viewer closed first, as it covers the sidebar). */
export async function openPage(page: Page, name: PageName): Promise<void> {
  if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
  await goTo(page, name);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByTestId('page-loading').waitFor({ state: 'detached' });
}

/**
 * Waits until the focus is on the control: a dialog that closed gave it back to what opened it. A failure
 * names the element that has the focus instead (the body when it was lost).
 */
export async function expectFocusOn(control: Locator): Promise<void> {
  const focused = () =>
    control.page().evaluate(() => {
      const el = document.activeElement;
      return el
        ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent ?? ''}`.trim()
        : '';
    });
  await expect
    .poll(async () => ((await control.evaluate((el) => el === document.activeElement)) ? 'on it' : focused()))
    .toBe('on it');
}

/** The page's serious violations in each scheme (the welcome page, scanned before the studio moves past it). */
export async function violationsInEachScheme(page: Page): Promise<Record<Scheme, AxeFinding[]>> {
  const found: Partial<Record<Scheme, AxeFinding[]>> = {};
  for (const scheme of SCHEMES) {
    await emulateScheme(page, scheme);
    found[scheme] = await seriousViolations(page);
  }
  return found as Record<Scheme, AxeFinding[]>;
}

/**
 * A dialog or popover opened from its button: once `ready` shows, nothing serious is found with it open; Esc
 * closes it and the focus is back on the button.
 */
export async function expectCleanDialog(opener: Locator, dialog: Locator, ready = dialog): Promise<void> {
  const page = opener.page();
  await opener.click();
  await ready.waitFor();
  expect(await violationLines(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocusOn(opener);
}

/**
 * A screen as a creator sees it in each scheme: a screenshot named `<name>-light` and `<name>-dark` (to be looked
 * at), and nothing serious for axe in either. The page is left in the light scheme, as later steps expect.
 */
export async function shotAndScanEachScheme(
  page: Page,
  shot: (name: string) => Promise<void>,
  name: string,
): Promise<void> {
  for (const scheme of SCHEMES) {
    await emulateScheme(page, scheme);
    await shot(`${name}-${scheme}`);
    expect(await violationLines(page)).toEqual([]);
  }
  await emulateScheme(page, 'light');
}
