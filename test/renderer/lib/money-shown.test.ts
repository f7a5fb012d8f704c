// Money in the gateway's currency (a gateway may keep its balances in CNY, not USD): the rate is read from its own
// balance (credits are 10 per USD whatever the currency, [UREP-STAT-2]); every USD amount (a task's cost, a total,
// an estimate, the usage report, the queue) goes through one formatter and reads in that currency; without a rate
// it stays USD and says so; credits, when the user chose them, stay credits.
import { describe, expect, it } from 'vitest';
import { currencyOf, usdWords } from '../../../renderer/lib/money-shown';
import { costTotalWords, costWords } from '../../../renderer/lib/cost-words';
import { moneyWords } from '../../../renderer/lib/spend-words';
import { translator } from '../i18n-instance';

const cny = {
  success: true,
  unit: 'CNY',
  remainBalance: 355,
  remainCredits: 500,
  usedBalance: 0,
  usedCredits: 0,
};

describe('the gateway’s currency', () => {
  it('is read from its balance: the unit it says, the rate from its credits', () => {
    expect(currencyOf(cny)).toEqual({ code: 'CNY', perUsd: 7.1 });
    // Nothing left: what was used says the rate as well.
    expect(
      currencyOf({ ...cny, remainBalance: 0, remainCredits: 0, usedBalance: 14.2, usedCredits: 20 }),
    ).toEqual({ code: 'CNY', perUsd: 7.1 });
    expect(currencyOf({ ...cny, unit: 'USD' })).toBeNull();
    expect(currencyOf({ ...cny, unit: 'credits' })).toBeNull();
    expect(currencyOf({ ...cny, unit: null })).toBeNull();
    // No credits to read a rate from: no conversion, so amounts stay in USD (and say USD).
    expect(currencyOf({ ...cny, remainCredits: null, usedCredits: 0 })).toBeNull();
    expect(currencyOf({ success: false })).toBeNull();
  });

  it('every USD amount reads in it, through the one formatter', async () => {
    const t = await translator('en');
    const yuan = { code: 'CNY', perUsd: 7.1 };
    expect(usdWords(0.04, yuan, 'costs.usd', t, 'en')).toBe('0.2840 CNY');
    expect(usdWords(2, yuan, 'money.estimate.usd', t, 'en')).toBe('≈ 14.20 CNY');
    expect(usdWords(0.04, 'usd', 'costs.usd', t, 'en')).toBe('0.0400 USD');
    expect(costWords(0.04, 0.4, yuan, t, 'en')).toBe('0.2840 CNY');
    expect(costWords(0.04, 0.4, 'credits', t, 'en')).toBe('0.4000 credits');
    expect(moneyWords(1, yuan, t, 'en')).toBe('7.10 CNY');
    expect(
      costTotalWords({ count: 2, usd: 0.08, credits: 0.8, unknown: 0 }, 'tasks', yuan, t, 'en'),
    ).toContain('0.5680 CNY');
  });
});
