/// <reference lib="dom" />
// axe-core (WCAG 2.1 AA rules) run in the page as it stands: what a browser test asserts has no serious or
// critical violation. The result names each rule, its impact and the elements it found, so a failure reads as a
// list of what to fix rather than a count.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical WCAG 2.1 AA violations on the page now (an empty list when there are none). */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
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
export async function emulateScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
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
