// balance · usage — account reads, straight from the gateway client.
import { moneyNumber } from '../../../shared/studio/money-text';
import type { UsageQueryInput } from '../../../shared/gateway/usage';
import { readBalance } from '../../core/gateway';
import { isDay, startOfDay, wallTimeOf, zonedTime } from '../../../shared/studio/zoned-days';
import { isTimeZone, systemTimeZone } from '../../../shared/studio/time-zones';
import type { CliContext } from '../cli-context';
import { CliError, invalidArgument, toCliError } from '../cli-errors';

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

const RFC3339_ZONED = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const ZONELESS = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * [EP-USAGE-PARAM-1] Unix seconds when the value is all digits, RFC 3339 with its zone as given; a date or a
 * date and time without a zone is read in `zone` (--tz, else the system's zone, as the app's usage page reads
 * its days), so `--start 2026-11-01` means that day's midnight here.
 */
function instant(flag: string, value: string, zone: () => string): number | string {
  if (/^\d+$/.test(value)) return Number(value);
  if (RFC3339_ZONED.test(value)) return value;
  const m = ZONELESS.exec(value);
  const day = m?.[1];
  if (m && day && isDay(day)) {
    const [hh, mm, ss] = [m[2], m[3], m[4]].map((v) => Number(v ?? 0)) as [number, number, number];
    if (hh < 24 && mm < 60 && ss < 60)
      return hh || mm || ss ? zonedTime(day, hh, mm, ss, zone()) : startOfDay(day, zone());
  }
  throw invalidArgument(
    `${flag} ${value} is not a time: give Unix seconds, a date (2026-11-01), a date and time (2026-11-01T09:30) read in ${zone()}, or RFC 3339 with its zone (2026-11-01T09:30:00+01:00).`,
    flag.slice(2),
  );
}

/** Unix seconds of an instant as parsed above (a zoned RFC 3339 string read by Date). */
const secondsOf = (value: number | string): number =>
  typeof value === 'number' ? value : Math.floor(Date.parse(value) / 1000);

export async function usageCommand(ctx: CliContext, args: UsageArgs): Promise<void> {
  // The zone dates without one are read in, and the zone days are grouped in: the app's usage page sends the
  // system's zone unless another is chosen, and so does the CLI.
  const tz = args.tz ?? systemTimeZone();
  const zone = () => {
    if (!isTimeZone(tz))
      throw invalidArgument(
        `--tz ${tz} is not a time zone name this system knows (e.g. Europe/Paris).`,
        'tz',
      );
    return tz;
  };
  const start = args.start !== undefined ? instant('--start', args.start, zone) : undefined;
  const end = args.end !== undefined ? instant('--end', args.end, zone) : undefined;
  const said = (value: number | string) =>
    `${wallTimeOf(secondsOf(value), isTimeZone(tz) ? tz : 'UTC')} ${isTimeZone(tz) ? tz : 'UTC'}`;
  // A reversed range is said in dates here, rather than as the gateway's raw Unix seconds.
  if (start !== undefined && end !== undefined && secondsOf(end) <= secondsOf(start))
    throw invalidArgument(
      `The end (${said(end)}) must be later than the start (${said(start)}).`,
      'end',
      'invalid_range',
    );
  const input: UsageQueryInput = {
    ...(start !== undefined && { start }),
    ...(end !== undefined && { end }),
    ...(args.groupBy !== undefined && { group_by: args.groupBy as UsageQueryInput['group_by'] }),
    tz,
    ...(args.scope !== undefined && { scope: args.scope as UsageQueryInput['scope'] }),
    ...(args.model !== undefined && { model: args.model }),
  };
  // The client checks formats and allowed values before sending: a validation_error, exit 2. The app's reader
  // (core/usage) asks a range over 31 days as consecutive windows and merges them, one after another.
  // The root's reader, over the CLI's usage fetch (ACCOUNT_READ's limits, the command's signal).
  const reading = await ctx.core().studio.usage.read(input, {
    signal: ctx.signal,
    onWindow: (done, total) => {
      if (total > 1 && done < total)
        ctx.out.progress(`usage: window ${done + 1} of ${total} (31 days at most each)`);
    },
  });
  ctx.out.result({ usage: reading.report, cache: reading.cache, windows: reading.windows }, () =>
    formatUsage(reading.report),
  );
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
  const zone = isTimeZone(report.tz) ? report.tz : 'UTC';
  const when = (s: number) => wallTimeOf(s, zone);
  const line = (label: string, s: Stats) =>
    `${label.padEnd(40)} ${`$${moneyNumber(s.amount_usd)}`.padStart(14)} ${moneyNumber(s.credits).padStart(10)} cr ${String(s.requests).padStart(7)} req`;
  return [
    `${report.scope} usage, ${when(report.start)} to ${when(report.end)} (${zone})`,
    ...report.items.map((item) => line([item.date, item.model].filter(Boolean).join('  ') || '-', item)),
    line('total', report.total),
  ].join('\n');
}
