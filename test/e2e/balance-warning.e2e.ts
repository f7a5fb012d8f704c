/// <reference lib="dom" />
// Before sending, an estimate larger than what is left on the balance is said with both numbers
// ([EP-BAL-*]); a 402 would still read as it does. The demo gateway's own state is lowered to half a cent before
// the studio opens (its balances live in the data folder's demo-gateway.json), so the same I3 estimate that
// fits a full balance does not fit this one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STATE_FILE } from '../../electron/host/demo-gateway';
import { startSimulator } from '../../electron/simulator';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { clearStartingPrice } from './starting-price';
import { generateDescription, showAmountsIn } from './money-settings';

/** Writes the demo gateway's first state, then leaves 0.005 USD on the studio's key and account. */
async function lowBalance(dataDir: string): Promise<void> {
  const stateFile = join(dataDir, DEMO_STATE_FILE);
  const sim = await startSimulator({ stateFile, log: () => {} });
  await sim.close();
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    tokens: { id: string; remainUsd: number | null }[];
    users: { id: string; remainUsd: number }[];
  };
  const token = state.tokens.find((t) => t.id === 'tok-default');
  const user = state.users.find((u) => u.id === 'user-studio');
  if (!token || !user) throw new Error('the demo state has no default key or studio account');
  token.remainUsd = 0.005;
  user.remainUsd = 0.005;
  writeFileSync(stateFile, JSON.stringify(state));
}

const { studio } = useDemoStudio(0.02, undefined, lowBalance);

describe('an estimate above the balance', () => {
  it('is said before sending, with the estimate and what is left', async () => {
    const { page } = studio;
    await expect
      .poll(() => page.getByTestId('balance-value').first().textContent(), { timeout: 15_000 })
      .toBe('0.0050 USD');
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('A lantern on a quiet pier');
    const warning = page.getByTestId('balance-warning');
    // The starting price table gives I3 an estimate before it has run here: two cents.
    await expect
      .poll(() => warning.textContent(), { timeout: 15_000 })
      .toMatch(
        /^ ?This will probably cost about 0\.0\d{3} USD, more than the 0\.0050 USD left on your balance\.$/,
      );
    // The Generate button is described by it, so a screen reader hears it too.
    expect(await generateDescription(page)).toContain('more than the 0.0050 USD left');
    await studio.shot('balance-warning');

    // Credits preferred, but an estimate before any task here has no credits (no rate reported yet): the two
    // numbers are never said in two units, nor USD called credits.
    await showAmountsIn(page, 'Credits');
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('A lantern on a quiet pier');
    await expect
      .poll(() => warning.textContent(), { timeout: 15_000 })
      .toMatch(
        /about 0\.0\d{3} USD, more than the 0\.0050 USD left|about 0\.\d{4} credits, more than the 0\.0500 credits left/,
      );
  });

  it('is not said when the estimate fits', async () => {
    const { page } = studio;
    // No estimate at all (a model never billed here, its starting price cleared): nothing to compare, nothing said.
    await clearStartingPrice(page, 'Image I6');
    await chooseFamily(page, 'image.i6');
    await page.getByLabel('Prompt', { exact: true }).fill('A lantern on a quiet pier');
    await expect
      .poll(() => page.getByTestId('estimate').textContent(), { timeout: 15_000 })
      .toBe('first run of this model: no estimate yet');
    expect(await page.getByTestId('balance-warning').count()).toBe(0);
    expect(studio.pageErrors).toEqual([]);
  });
});
