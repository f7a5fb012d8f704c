// [EP-USAGE-1..4] the usage query: its parameters as the app builds them, and the report ([UREP-1..9]).
import { z } from 'zod';
import { invalidResponse } from './gateway-error';
import { looseInt, looseNumber } from './wire-values';
import { because } from '../validation';

export const USAGE_GROUP_BY = ['none', 'model', 'date', 'model,date'] as const;
export const USAGE_SCOPES = ['key', 'account'] as const;
export type UsageGroupBy = (typeof USAGE_GROUP_BY)[number];
export type UsageScope = (typeof USAGE_SCOPES)[number];

// [EP-USAGE-PARAM-1] RFC 3339 with a timezone (Z or ±hh:mm).
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Unix seconds (not milliseconds: anything from 1e11 up is refused) or an RFC 3339 string with a timezone. */
export const usageInstantSchema = z.union([
  z
    .number()
    .int()
    .nonnegative()
    .refine((n) => n < 1e11, { params: because('unixSeconds') }),
  z.string().refine((s) => RFC3339.test(s), { params: because('rfc3339') }),
]);

/**
 * [EP-USAGE-PARAM-1..6] What the client sends. Formats and allowed values are checked here; the range rules
 * (end after start, at most 31 days, [ERR-USAGE-2], [ERR-USAGE-3]) and timezone names stay with the gateway,
 * which answers them with usage_query_error codes.
 */
export const usageQuerySchema = z.strictObject({
  start: usageInstantSchema.optional(),
  end: usageInstantSchema.optional(),
  /** [EP-USAGE-PARAM-3] at most 50 names; a list is joined with commas. */
  model: z
    .union([z.string(), z.array(z.string().min(1))])
    .transform((m) => (Array.isArray(m) ? m : m.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((m) => m.length <= 50, { params: because('maxItems', { maximum: 50 }) })
    .optional(),
  group_by: z.enum(USAGE_GROUP_BY).optional(),
  tz: z.string().min(1).optional(),
  scope: z.enum(USAGE_SCOPES).optional(),
});
export type UsageQueryInput = z.input<typeof usageQuerySchema>;
export type UsageQuery = z.output<typeof usageQuerySchema>;

/** [UREP-STAT-1..5] */
export const usageStatsSchema = z.looseObject({
  amount_usd: looseNumber,
  credits: looseNumber,
  requests: looseInt,
  prompt_tokens: looseInt.default(0),
  completion_tokens: looseInt.default(0),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

/** [UREP-9] model when group_by includes model, date (YYYY-MM-DD) when it includes date. */
export const usageItemSchema = usageStatsSchema.extend({
  model: z.string().optional(),
  date: z.string().optional(),
});
export type UsageItem = z.infer<typeof usageItemSchema>;

/** [UREP-2..8] */
export const usageDataSchema = z.looseObject({
  scope: z.string(),
  start: looseInt,
  end: looseInt,
  tz: z.string(),
  group_by: z.string(),
  total: usageStatsSchema,
  items: z.array(usageItemSchema).default([]),
});
export type UsageData = z.infer<typeof usageDataSchema>;

/** [UREP-1] the success envelope. */
export const usageReportSchema = z.looseObject({ success: z.literal(true), data: usageDataSchema });
export type UsageReport = z.infer<typeof usageReportSchema>;

/** [LIM-2] identical parameters are answered from the gateway's cache for this long (shared/gateway/limits.ts). */
export { USAGE_CACHE_MS } from './limits';

/** [EP-USAGE-3] */
export type UsageCacheStatus = 'hit' | 'miss' | null;

export function parseUsageReport(body: unknown): UsageData {
  const r = usageReportSchema.safeParse(body);
  if (!r.success) throw invalidResponse('usage report', z.prettifyError(r.error), 200);
  return r.data.data;
}

/**
 * The query string, built by hand so every value is percent-encoded with encodeURIComponent: a '+' in an
 * RFC 3339 offset becomes %2B ([EP-USAGE-1]) instead of a literal '+' that servers read as a space.
 */
export function usageQueryString(query: UsageQuery): string {
  const pairs: [string, string][] = [];
  if (query.start !== undefined) pairs.push(['start', String(query.start)]);
  if (query.end !== undefined) pairs.push(['end', String(query.end)]);
  if (query.model && query.model.length > 0) pairs.push(['model', query.model.join(',')]);
  if (query.group_by) pairs.push(['group_by', query.group_by]);
  if (query.tz) pairs.push(['tz', query.tz]);
  if (query.scope) pairs.push(['scope', query.scope]);
  return pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}
