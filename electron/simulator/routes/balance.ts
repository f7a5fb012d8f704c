// [EP-TBAL-1..3], [EP-UBAL-1..2], [TBAL-1..8], [UBAL-1], [ERR-OTHER-1].
import { round6, usdToCredits } from '../accounts';
import { jsonReply, type Reply } from '../http-util';
import { caller, type RouteContext } from './context';

const money = (usd: number) => ({
  balance: round6(usd),
  credits: Math.round(usdToCredits(usd)),
});

export function tokenBalance(ctx: RouteContext): Reply {
  const token = caller(ctx);
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
  });
}

export function userBalance(ctx: RouteContext): Reply {
  const { user } = caller(ctx);
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
  });
}
