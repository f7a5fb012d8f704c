// The words for money against the user's limits, in their language: an amount with its unit, when a budget
// resets (in the limits' time zone, not the window's), and the sentence a refused press reads as.
import type { TFunction } from 'i18next';
import type { MoneyUnit, SpendCheck, SpendStop } from '../../shared/studio/spending';
import { formatUsd } from './format';
import { usdWords, type MoneyShown } from './money-shown';

/** An amount in USD (or credits) in the words of the money shown: the gateway's currency where it has one. */
export function moneyWords(amount: number, unit: MoneyShown, t: TFunction, language: string): string {
  if (unit === 'credits') return t('balance.credits', { amount: formatUsd(amount, language) });
  return usdWords(amount, unit, 'balance.usd', t, language);
}

/** "Sun, 22 Nov, 00:00" in `zone`, in the user's language. */
export function resetWords(at: number, zone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Why the press is refused, with what was spent and when the budget resets; null when it is not refused. */
export function refusalWords(check: SpendCheck, t: TFunction, language: string): string | null {
  const refusal = check.refusal;
  if (!refusal) return null;
  const { window } = refusal;
  if (refusal.unpriced === 'running') return t('money.guard.refusedUnpricedRunning');
  if (refusal.unpriced === 'several') return t('money.guard.refusedUnpricedSeveral');
  const money = (n: number) => moneyWords(n, check.unit, t, language);
  const values = {
    limit: money(window.limit ?? 0),
    spent: money(window.spent),
    adds: refusal.needed === null ? '' : t('money.guard.wouldAdd', { needed: money(refusal.needed) }),
    resets: resetWords(window.resetsAt, check.timeZone, language),
    zone: check.timeZone,
  };
  return window.period === 'day'
    ? t('money.guard.refusedDay', values)
    : t('money.guard.refusedMonth', values);
}

/** What a press is asked to confirm, one sentence each: a model with no estimate yet, an estimate above the threshold. */
export function confirmWords(check: SpendCheck, t: TFunction, language: string): string[] {
  const money = (n: number) => moneyWords(n, check.unit, t, language);
  const words: string[] = [];
  if (check.unknown > 0) {
    words.push(t('money.guard.confirmUnpriced', { models: check.unpricedModels.join(', ') }));
  }
  if (check.estimate !== null && check.confirmAbove !== null && check.estimate > check.confirmAbove) {
    const amounts = { estimate: money(check.estimate), threshold: money(check.confirmAbove) };
    words.push(t('money.guard.confirmBody', amounts));
  }
  return words;
}

/** Why the limits stopped a send (the queue paused by it), without the ask: each screen names its own answer. */
export function stopWords(stop: SpendStop, t: TFunction, language: string): string {
  return stop.kind === 'budget'
    ? (refusalWords(stop.check, t, language) ?? '')
    : confirmWords(stop.check, t, language).join(' ');
}

interface BalanceLike {
  success: boolean;
  unlimited?: boolean;
  remainBalance?: number | null;
  remainCredits?: number | null;
}

/**
 * What is left to spend, in `unit`: the lower of the key's balance ([TBAL-3], [TBAL-4]; none when its quota is
 * unlimited, [TBAL-7]) and the account's ([UBAL-1]); null when neither is known.
 */
export function balanceLeft(balances: readonly (BalanceLike | undefined)[], unit: MoneyUnit): number | null {
  const left = balances.flatMap((b) => {
    if (!b?.success || b.unlimited) return [];
    const value = unit === 'credits' ? b.remainCredits : b.remainBalance;
    return typeof value === 'number' ? [value] : [];
  });
  return left.length === 0 ? null : Math.min(...left);
}
