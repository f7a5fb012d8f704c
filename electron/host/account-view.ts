// Balances and usage as the renderer needs them: the gateway's snake_case wire shapes (shared/gateway) mapped to
// the bridge's views (shared/bridge/account-schemas), beside library-view.ts which does the same for items.
import type {
  TokenBalanceView,
  UsageQuery,
  UsageResult,
  UserBalanceView,
} from '../../shared/bridge/account-schemas';
import { BridgeError } from '../../shared/bridge/errors';
import type { TokenBalance, UserBalance } from '../../shared/gateway/balance';
import type { UsageQueryInput, UsageStats } from '../../shared/gateway/usage';
import type { UsageReading } from '../core/usage';

export function toTokenBalanceView(b: TokenBalance): TokenBalanceView {
  const unlimited = b.unlimited_quota;
  return {
    success: true,
    unlimited,
    remainBalance: unlimited ? null : b.remain_balance,
    remainCredits: unlimited ? null : b.remain_credits,
    usedBalance: b.used_balance,
    usedCredits: b.used_credits,
    unit: b.unit,
  };
}

export function toUserBalanceView(b: UserBalance): UserBalanceView {
  return {
    success: true,
    remainBalance: b.remain_balance,
    remainCredits: b.remain_credits,
    usedBalance: b.used_balance,
    usedCredits: b.used_credits,
    unit: b.unit,
  };
}

/** [EP-TBAL-2], [EP-UBAL-2] A balance lookup answering success:false is an answer to show, not a failure. */
export async function orBalanceFailure<T>(
  read: () => Promise<T>,
): Promise<T | { success: false; message: string }> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BridgeError) throw error;
    const e = error as { type?: unknown; message?: unknown } | null;
    if (e && e.type === 'balance_lookup_failed' && typeof e.message === 'string') {
      return { success: false, message: e.message };
    }
    throw error;
  }
}

/** The bridge's camelCase usage query as the gateway's query parameters. */
export function toUsageQueryInput(query: UsageQuery | undefined): UsageQueryInput {
  return {
    ...(query?.start !== undefined && { start: query.start }),
    ...(query?.end !== undefined && { end: query.end }),
    ...(query?.models && { model: query.models }),
    ...(query?.groupBy && { group_by: query.groupBy }),
    ...(query?.tz && { tz: query.tz }),
    ...(query?.scope && { scope: query.scope }),
  };
}

const toStatsView = (s: UsageStats) => ({
  amountUsd: s.amount_usd,
  credits: s.credits,
  requests: s.requests,
  promptTokens: s.prompt_tokens,
  completionTokens: s.completion_tokens,
});

export function toUsageResult({ report: data, cache, asOf, windows }: UsageReading): UsageResult {
  return {
    report: {
      scope: data.scope,
      start: data.start,
      end: data.end,
      tz: data.tz,
      groupBy: data.group_by,
      total: toStatsView(data.total),
      items: data.items.map((i) => ({
        ...toStatsView(i),
        ...(i.model !== undefined && { model: i.model }),
        ...(i.date !== undefined && { date: i.date }),
      })),
    },
    cache,
    asOf,
    windows,
  };
}
