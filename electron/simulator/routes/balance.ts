// [EP-TBAL-1..3], [EP-UBAL-1..2], [TBAL-1..8], [UBAL-1], [ERR-OTHER-1].
import { round6, usdToCredits } from '../accounts';
import { jsonReply, type Reply } from '../http-util';
import { balanceUnit } from '../dialects';
import { caller, type RouteContext } from './context';

type Money = (usd: number) => { balance: number; credits: number };

/**
 * [TBAL-8] The spec's gateway counts in US dollars with whole credits. A balance dialect counts in its own unit
 * (CNY, credits), says which in `unit`, and keeps decimals in the credits too.
 */
function moneyOf(ctx: RouteContext): { money: Money; unit: Record<string, string> } {
  const dialect = balanceUnit(ctx.dialects);
  if (!dialect) {
    return { money: (usd) => ({ balance: round6(usd), credits: Math.round(usdToCredits(usd)) }), unit: {} };
  }
  const cents = (n: number) => Math.round(n * 100) / 100;
  return {
    money: (usd) => ({ balance: round6(usd * dialect.perUsd), credits: cents(usdToCredits(usd)) }),
    unit: { unit: dialect.unit },
  };
}

export function tokenBalance(ctx: RouteContext): Reply {
  const token = caller(ctx);
  const { money, unit } = moneyOf(ctx);
  if (token.recordMissing) {
    return jsonReply(200, {
      success: false,
      message: 'Token not found: the token record is missing (deleted or unknown).',
    });
  }
  const used = money(token.usedUsd);
  const unlimited = token.remainUsd === null;
  const remain = money(token.remainUsd ?? 0);
  return jsonReply(200, {
    success: true,
    remain_balance: unlimited ? -1 : remain.balance,
    remain_credits: unlimited ? -1 : remain.credits,
    used_balance: used.balance,
    used_credits: used.credits,
    unlimited_quota: unlimited,
    ...unit,
  });
}

export function userBalance(ctx: RouteContext): Reply {
  const { user } = caller(ctx);
  const { money, unit } = moneyOf(ctx);
  if (user.quotaRecordMissing) {
    return jsonReply(200, {
      success: false,
      message: 'Failed to get user quota: the quota record was not found.',
    });
  }
  if (user.usedRecordMissing) {
    return jsonReply(200, {
      success: false,
      message: 'Failed to get user used quota: the record was not found.',
    });
  }
  const remain = money(user.remainUsd);
  const used = money(user.usedUsd);
  return jsonReply(200, {
    success: true,
    remain_balance: remain.balance,
    remain_credits: remain.credits,
    used_balance: used.balance,
    used_credits: used.credits,
    ...unit,
  });
}
