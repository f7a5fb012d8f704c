/// <reference lib="dom" />
// The demo gateway seeds weeks of made-up requests so Usage has something to show; the page says they are sample
// data, so its totals (several USD over many requests) are not read as what this person ran, which the balance
// card counts. Nothing serious for axe in either scheme.
import { describe, expect, it } from 'vitest';
import { emulateScheme, openPage, SCHEMES, violationLines } from './axe-scan';
import { useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

describe('Usage on the demo gateway', () => {
  it('says its seeded history is sample data', async () => {
    await openPage(page, 'Usage');
    await page
      .getByTestId('usage-sample-data')
      .getByText('Sample data: on the demo gateway this history begins with made-up requests', {
        exact: false,
      })
      .waitFor();
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`usage-sample-data-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
  });
});
