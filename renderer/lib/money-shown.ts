// The money the gateway speaks, and the one formatter every USD amount of the app goes through on its way to the
// screen. The gateway may keep its balances in another currency (CNY, seen in public clients; the balance says its
// `unit`), while task costs, the usage report ([UREP-STAT-1] amount_usd) and the estimates built from them are
// USD. Shown next to a CNY balance, a USD cost reads as a mistake, so amounts follow the gateway's currency. Its rate
// is read from the gateway's own balance: credits are fixed at 10 per USD ([UREP-STAT-2]) whatever the currency, so
// remain_balance / (remain_credits / 10) is how many of its unit one USD is. Where that cannot be read, amounts stay
// in USD and say so: never a USD number under another currency's name.
import type { TFunction } from 'i18next';
import type { MoneyUnit } from '../../shared/studio/spending';
import { moneyNumber } from '../../shared/studio/money-text';

/** A currency other than USD and how many of it one USD is, as the gateway's balance says. */
export interface GatewayCurrency {
  code: string;
  perUsd: number;
}

/** How the user reads money: USD, credits (Settings), or the gateway's own currency. */
export type MoneyShown = MoneyUnit | GatewayCurrency;

/** [UREP-STAT-2] credits = amount_usd × 10. */
const CREDITS_PER_USD = 10;

interface BalanceLike {
  success: boolean;
  unit?: string | null;
  remainBalance?: number | null;
  remainCredits?: number | null;
  usedBalance?: number;
  usedCredits?: number;
}

/** The gateway's currency from a balance answer; null for USD, credits, or a rate that cannot be read. */
export function currencyOf(balance: BalanceLike | undefined): GatewayCurrency | null {
  if (!balance?.success || !balance.unit) return null;
  const code = balance.unit.trim();
  if (code === '' || /^(usd|credits?)$/i.test(code)) return null;
  const pairs: [number | null | undefined, number | null | undefined][] = [
    [balance.remainBalance, balance.remainCredits],
    [balance.usedBalance, balance.usedCredits],
  ];
  for (const [money, credits] of pairs) {
    if (typeof money === 'number' && typeof credits === 'number' && money > 0 && credits > 0) {
      const perUsd = money / (credits / CREDITS_PER_USD);
      if (Number.isFinite(perUsd) && perUsd > 0) return { code, perUsd };
    }
  }
  return null;
}

/** An amount in USD in the money shown, as a number ("credits" and "usd" leave it in USD). */
export function usdShownAs(usd: number, shown: MoneyShown): number {
  return typeof shown === 'object' ? usd * shown.perUsd : usd;
}

/**
 * The words of an amount in USD: "0.0400 USD" by the key given, or "0.28 CNY" in the gateway's currency. `usdKey`
 * names the sentence for USD; an estimate's (≈) keeps its sign in the other currency too.
 */
export function usdWords(
  usd: number,
  shown: MoneyShown,
  usdKey: 'costs.usd' | 'balance.usd' | 'money.estimate.usd' | 'usage.usd',
  t: TFunction,
  language: string,
): string {
  if (typeof shown !== 'object') return t(usdKey, { amount: moneyNumber(usd, language) });
  const amount = moneyNumber(usdShownAs(usd, shown), language);
  return t(usdKey === 'money.estimate.usd' ? 'money.estimate.inUnit' : 'balance.inUnit', {
    amount,
    unit: shown.code,
  });
}
