// balance · usage — account reads, straight from the gateway client.
import { moneyNumber } from '../../../shared/studio/money-text';
import type { UsageQueryInput } from '../../../shared/gateway/usage';
import { ACCOUNT_READ, readBalance } from '../../core/gateway';
import type { CliContext } from '../cli-context';
import { CliError, toCliError } from '../cli-errors';

// A person is waiting at the terminal for a small JSON answer: the app's account-read limits (ACCOUNT_READ:
// 10 s per try, three tries, each said on stderr; a hung try is not repeated), not the client's two minutes.
// The two reads stand alone, as on the app's balance card: when one fails, the other is still printed and the
// failed one is said (stderr; under --json `error` beside the two, the failed one null) with its exit code.
export async function balanceCommand(ctx: CliContext): Promise<void> {
  const { gateway } = ctx.core();
  const [tokenRead, userRead] = await Promise.allSettled([
    readBalance((options) => gateway.tokenBalance(options), ctx.signal),
    readBalance((options) => gateway.userBalance(options), ctx.signal),
  ]);
  if (tokenRead.status === 'rejected' && userRead.status === 'rejected') throw tokenRead.reason;
  const token = tokenRead.status === 'fulfilled' ? tokenRead.value : null;
  const user = userRead.status === 'fulfilled' ? userRead.value : null;
  const failed =
    tokenRead.status === 'rejected'
      ? { what: "The key's balance", error: toCliError(tokenRead.reason) }
      : userRead.status === 'rejected'
        ? { what: "The account's balance", error: toCliError(userRead.reason) }
        : null;
  const failure = failed && {
    ...failed.error.body,
    message: `${failed.what} could not be read: ${failed.error.body.message}`,
  };
  ctx.out.result({ token, user, ...(failure && { error: failure }) }, () => {
    const lines: string[] = [];
    if (token) {
      // [TBAL-8] the unit as the gateway says it (USD, CNY, credits); none added where it says nothing.
      const tk = token.unit ? ` ${token.unit}` : '';
      const amount = (n: number) => (n === -1 ? 'unlimited' : moneyNumber(n) + tk);
      lines.push(
        token.unlimited_quota
          ? 'key: unlimited quota'
          : `key: ${amount(token.remain_balance)} remaining (${token.remain_credits} credits), ${moneyNumber(token.used_balance)}${tk} used`,
      );
    } else lines.push('key: could not be read');
    if (user) {
      const us = user.unit ? ` ${user.unit}` : '';
      lines.push(
        `account: ${moneyNumber(user.remain_balance)}${us} remaining (${user.remain_credits} credits), ${moneyNumber(user.used_balance)}${us} used`,
      );
    } else lines.push('account: could not be read');
    return lines.join('\n');
  });
  // The known half is printed; the exit code and stderr still say that a half is missing.
  if (failed && failure) throw new CliError(failed.error.exitCode, failure);
}

export interface UsageArgs {
  start?: string;
  end?: string;
  groupBy?: string;
  tz?: string;
  scope?: string;
  model?: string;
}

/** [EP-USAGE-PARAM-1] Unix seconds when the value is all digits, RFC 3339 otherwise. */
const instant = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : value;

export async function usageCommand(ctx: CliContext, args: UsageArgs): Promise<void> {
  const input: UsageQueryInput = {
    ...(args.start !== undefined && { start: instant(args.start) }),
    ...(args.end !== undefined && { end: instant(args.end) }),
    ...(args.groupBy !== undefined && { group_by: args.groupBy as UsageQueryInput['group_by'] }),
    ...(args.tz !== undefined && { tz: args.tz }),
    ...(args.scope !== undefined && { scope: args.scope as UsageQueryInput['scope'] }),
    ...(args.model !== undefined && { model: args.model }),
  };
  // The client checks formats and allowed values before sending: a validation_error, exit 2.
  const { gateway } = ctx.core();
  const answer = await gateway.usage(input, { signal: ctx.signal, ...ACCOUNT_READ });
  ctx.out.result({ usage: answer.report, cache: answer.cache }, () => formatUsage(answer.report));
}

type Stats = { amount_usd: number; credits: number; requests: number };

function formatUsage(report: {
  scope: string;
  start: number;
  end: number;
  tz: string;
  total: Stats;
  items: (Stats & { model?: string; date?: string })[];
}): string {
  const when = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
  const line = (label: string, s: Stats) =>
    `${label.padEnd(40)} ${`$${moneyNumber(s.amount_usd)}`.padStart(14)} ${moneyNumber(s.credits).padStart(10)} cr ${String(s.requests).padStart(7)} req`;
  return [
    `${report.scope} usage, ${when(report.start)} to ${when(report.end)} (${report.tz})`,
    ...report.items.map((item) => line([item.date, item.model].filter(Boolean).join('  ') || '-', item)),
    line('total', report.total),
  ].join('\n');
}
