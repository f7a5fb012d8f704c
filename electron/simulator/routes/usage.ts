// [EP-USAGE-1..4], [EP-USAGE-PARAM-1..6], [UREP-*], [ERR-USAGE-1..6], [LIM-1], [LIM-2], [LIM-4], [LIM-5].
import { round6, type SimToken } from '../accounts';
import { SimError } from '../errors';
import { jsonReply, type Reply } from '../http-util';
import type { LedgerEntry } from '../ledger';
import type { SimState } from '../state';
import { caller, type RouteContext } from './context';

const MAX_RANGE_SECONDS = 31 * 86_400;
const MAX_MODELS = 50;
const GROUPS = ['none', 'model', 'date', 'model,date'] as const;
type GroupBy = (typeof GROUPS)[number];
const WINDOW_MS = 60_000;
const LIMIT_PER_WINDOW = 60;

const usageError = (code: string, message: string): SimError =>
  new SimError({ status: 400, type: 'usage_query_error', code, message, style: 'usage' });

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** What an RFC 3339 value with a raw '+' looks like after form decoding turned the '+' into a space. */
const PLUS_DECODED_AS_SPACE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)? \d{2}:\d{2}$/;

/** Unix seconds from "1767225600" or "2026-06-01T08:00:00+08:00"; undefined when absent. */
export function parseInstant(raw: string | null, code: 'invalid_start' | 'invalid_end'): number | undefined {
  const name = code === 'invalid_start' ? 'start' : 'end';
  if (raw === null || raw === '') return undefined;
  if (/^\d+$/.test(raw)) {
    const value = Number(raw);
    // [EP-USAGE-PARAM-1] seconds, not milliseconds: a 13-digit value is a client bug worth naming.
    if (value >= 1e11) throw usageError(code, `${name} must be Unix seconds, not milliseconds: ${raw}`);
    return value;
  }
  if (PLUS_DECODED_AS_SPACE.test(raw)) {
    throw usageError(
      code,
      `${name} has a space where its UTC offset sign should be: send '+' as %2B (${raw})`,
    );
  }
  const match = RFC3339.exec(raw);
  const ms = match ? Date.parse(raw.toUpperCase()) : Number.NaN;
  if (!match || Number.isNaN(ms)) {
    throw usageError(
      code,
      `${name} must be Unix seconds or RFC 3339 with a timezone, e.g. 2026-06-01T00:00:00Z`,
    );
  }
  // Date.parse accepts 2026-02-31; RFC 3339 does not.
  const [, y, mo, d] = match;
  const offsetMinutes = offsetOf(match[8] ?? 'Z');
  const local = new Date(ms + offsetMinutes * 60_000);
  if (
    local.getUTCFullYear() !== Number(y) ||
    local.getUTCMonth() + 1 !== Number(mo) ||
    local.getUTCDate() !== Number(d)
  ) {
    throw usageError(code, `${name} is not a real calendar date: ${raw}`);
  }
  return Math.floor(ms / 1000);
}

function offsetOf(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [h = 0, m = 0] = zone.slice(1).split(':').map(Number);
  return sign * (h * 60 + m);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** [EP-USAGE-PARAM-5] an IANA name only: offsets like +08:00 are refused even though Intl takes them. */
function resolveTz(raw: string | null): { tz: string; format: Intl.DateTimeFormat } {
  const tz = raw === null || raw === '' ? 'Asia/Shanghai' : raw;
  let format = dayFormats.get(tz);
  if (!format) {
    if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz))
      throw usageError('invalid_tz', `Unknown IANA timezone: ${tz}`);
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      throw usageError('invalid_tz', `Unknown IANA timezone: ${tz}`);
    }
    dayFormats.set(tz, format);
  }
  return { tz: format.resolvedOptions().timeZone, format };
}

interface Stats {
  amount_usd: number;
  credits: number;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
}

function stats(entries: LedgerEntry[]): Stats {
  const amount = round6(entries.reduce((s, e) => s + e.amountUsd, 0));
  return {
    amount_usd: amount,
    credits: round6(amount * 10),
    requests: entries.length,
    prompt_tokens: entries.reduce((s, e) => s + e.promptTokens, 0),
    completion_tokens: entries.reduce((s, e) => s + e.completionTokens, 0),
  };
}

export interface UsageQuery {
  start: number;
  end: number;
  tz: string;
  groupBy: GroupBy;
  scope: 'key' | 'account';
  models: string[] | null;
  format: Intl.DateTimeFormat;
}

export function parseUsageQuery(params: URLSearchParams, nowMs: number): UsageQuery {
  const endParam = parseInstant(params.get('end'), 'invalid_end');
  const startParam = parseInstant(params.get('start'), 'invalid_start');
  // The default end is the next whole second, so a call billed a moment ago is already counted.
  const end = endParam ?? Math.floor(nowMs / 1000) + 1;
  const start = startParam ?? end - 86_400;
  if (end <= start) throw usageError('invalid_range', `end (${end}) must be later than start (${start})`);
  if (end - start > MAX_RANGE_SECONDS)
    throw usageError('range_too_large', 'The range may span at most 31 days');
  const { tz, format } = resolveTz(params.get('tz'));
  const groupBy = params.get('group_by') ?? 'none';
  if (!(GROUPS as readonly string[]).includes(groupBy)) {
    throw usageError('invalid_group_by', `group_by must be one of ${GROUPS.join(', ')}`);
  }
  const scope = params.get('scope') ?? 'key';
  // [ERR-USAGE-6] not shown: the simulator answers invalid_scope and invalid_model in the same body.
  if (scope !== 'key' && scope !== 'account')
    throw usageError('invalid_scope', 'scope must be key or account');
  const modelParam = params.get('model');
  let models: string[] | null = null;
  if (modelParam !== null && modelParam.trim() !== '') {
    models = modelParam
      .split(',')
      .map((m) => m.trim().toLowerCase())
      .filter((m) => m !== '');
    if (models.length > MAX_MODELS)
      throw usageError('invalid_model', `model may name at most ${MAX_MODELS} models`);
  }
  return { start, end, tz, groupBy: groupBy as GroupBy, scope, models, format };
}

export function usageReport(state: SimState, token: SimToken, q: UsageQuery): unknown {
  const entries = state.ledger.entries.filter(
    (e) =>
      (q.scope === 'key' ? e.tokenId === token.id : e.userId === token.user.id) &&
      e.atMs >= q.start * 1000 &&
      e.atMs < q.end * 1000 &&
      (q.models === null || q.models.includes(e.model.toLowerCase())),
  );
  const byModel = q.groupBy.includes('model');
  const byDate = q.groupBy.includes('date');
  const groups = new Map<string, { model?: string; date?: string; entries: LedgerEntry[] }>();
  if (q.groupBy !== 'none') {
    for (const e of entries) {
      const date = byDate ? q.format.format(new Date(e.atMs)) : undefined;
      const model = byModel ? e.model : undefined;
      const key = `${model ?? ''}\n${date ?? ''}`;
      const group = groups.get(key) ?? {
        ...(model !== undefined && { model }),
        ...(date !== undefined && { date }),
        entries: [],
      };
      group.entries.push(e);
      groups.set(key, group);
    }
  }
  const items = [...groups.values()]
    .map((g) => ({
      ...(g.model !== undefined && { model: g.model }),
      ...(g.date !== undefined && { date: g.date }),
      ...stats(g.entries),
    }))
    .sort(
      (a, b) =>
        b.amount_usd - a.amount_usd ||
        (a.model ?? '').localeCompare(b.model ?? '') ||
        (a.date ?? '').localeCompare(b.date ?? ''),
    );
  return {
    success: true,
    data: {
      scope: q.scope,
      start: q.start,
      end: q.end,
      tz: q.tz,
      group_by: q.groupBy,
      total: stats(entries),
      items,
    },
  };
}

/** [LIM-1] 60 queries per key per (scaled) minute and [LIM-2] the 60-second cache for identical parameters. */
export class UsageLimiter {
  private readonly calls = new Map<string, number[]>();
  private readonly cache = new Map<string, { body: unknown; expiresAtMs: number }>();

  constructor(private readonly state: SimState) {}

  private get windowMs(): number {
    return this.state.scaled(WINDOW_MS);
  }

  /** Counts the call; throws the 429 with Retry-After when the key is over its budget. */
  admit(token: SimToken): void {
    const now = this.state.now();
    const recent = (this.calls.get(token.id) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= LIMIT_PER_WINDOW) {
      const oldest = recent[0] ?? now;
      const retryAfter = Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
      this.calls.set(token.id, recent);
      throw new SimError({
        status: 429,
        type: 'rate_limit_error',
        message: `Usage queries are limited to ${LIMIT_PER_WINDOW} per key per minute.`,
        headers: { 'Retry-After': String(retryAfter) },
        style: 'generic',
      });
    }
    recent.push(now);
    this.calls.set(token.id, recent);
  }

  cached(key: string): unknown {
    const hit = this.cache.get(key);
    if (!hit || hit.expiresAtMs <= this.state.now()) return undefined;
    return hit.body;
  }

  store(key: string, body: unknown): void {
    this.cache.set(key, { body, expiresAtMs: this.state.now() + this.windowMs });
  }
}

export function usage(ctx: RouteContext, limiter: UsageLimiter): Reply {
  // [AUTH-3], [AUTH-4]: authentication errors keep the generic body; balance is not looked at ([EP-USAGE-4]).
  const token = caller(ctx);
  limiter.admit(token);
  ctx.errorStyle = 'usage';
  const params = [...ctx.url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const cacheKey = `${token.id}?${new URLSearchParams(params).toString()}`;
  const cached = limiter.cached(cacheKey);
  if (cached !== undefined) return jsonReply(200, cached, { 'X-Usage-Cache': 'hit' });
  const body = usageReport(ctx.state, token, parseUsageQuery(ctx.url.searchParams, ctx.state.now()));
  limiter.store(cacheKey, body);
  return jsonReply(200, body, { 'X-Usage-Cache': 'miss' });
}
