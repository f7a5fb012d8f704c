// Balance and usage as the renderer shows them: the gateway's wire fields reduced to what a header or a chart
// needs, with failures ([EP-TBAL-2], [EP-UBAL-2]) kept as values rather than errors.
import { z } from 'zod';
import { MAX_USAGE_MODELS } from '../gateway/limits';
import { gatewayErrorInfoSchema } from '../gateway/normalized';

const balanceFailure = z.object({ success: z.literal(false), message: z.string() });

/** [TBAL-1..8] remain* are null when unlimited_quota is true (the wire says -1). */
export const tokenBalanceViewSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    unlimited: z.boolean(),
    remainBalance: z.number().nullable(),
    remainCredits: z.number().nullable(),
    usedBalance: z.number(),
    usedCredits: z.number(),
    /** [TBAL-8] The unit of the balance fields as the gateway says it (USD, CNY, credits); null when it says none. */
    unit: z.string().nullish(),
  }),
  balanceFailure,
]);
export type TokenBalanceView = z.infer<typeof tokenBalanceViewSchema>;

/** [UBAL-1] Account level, no unlimited flag. */
export const userBalanceViewSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    remainBalance: z.number(),
    remainCredits: z.number(),
    usedBalance: z.number(),
    usedCredits: z.number(),
    unit: z.string().nullish(),
  }),
  balanceFailure,
]);
export type UserBalanceView = z.infer<typeof userBalanceViewSchema>;

export const groupBySchema = z.enum(['none', 'model', 'date', 'model,date']);

/** [EP-USAGE-PARAM-1..6] Every parameter; the gateway owns the defaults, so absent means "not sent". */
export const usageQuerySchema = z
  .strictObject({
    /** Unix seconds or RFC 3339 with an offset ([EP-USAGE-PARAM-1]). */
    start: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]).optional(),
    end: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]).optional(),
    /** [EP-USAGE-PARAM-3] exact names, at most MAX_USAGE_MODELS ([LIM-5]). */
    models: z.array(z.string().min(1).max(200)).max(MAX_USAGE_MODELS).optional(),
    groupBy: groupBySchema.optional(),
    tz: z.string().min(1).max(64).optional(),
    scope: z.enum(['key', 'account']).optional(),
  })
  .optional();
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageStatsSchema = z.object({
  amountUsd: z.number(),
  credits: z.number(),
  requests: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});

export const usageResultSchema = z.object({
  /** [UREP-2..8] */
  report: z.object({
    scope: z.string(),
    start: z.number(),
    end: z.number(),
    tz: z.string(),
    groupBy: z.string(),
    total: usageStatsSchema,
    items: z.array(usageStatsSchema.extend({ model: z.string().optional(), date: z.string().optional() })),
  }),
  /** [EP-USAGE-3] X-Usage-Cache, null when the gateway sent none (over several windows: any miss is a miss). */
  cache: z.enum(['hit', 'miss']).nullable(),
  /** ms: when the figures were computed, at worst; [LIM-2] they cannot change before a minute after it. */
  asOf: z.number(),
  /** Gateway queries the range took: one per 31 days ([LIM-4]). */
  windows: z.number().int().positive(),
});
export type UsageResult = z.infer<typeof usageResultSchema>;

/**
 * usage.read, the same read told as it goes: one 'progress' per window answered (a six-year range is some 75
 * windows, minutes at the gateway's 60 queries a minute), then the 'result'. Unsubscribing stops it between
 * windows.
 */
export const usageStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('progress'),
    done: z.number().int().nonnegative(),
    total: z.number().int().positive(),
  }),
  z.object({ kind: z.literal('result'), result: usageResultSchema }),
  // A failure is a step, not a thrown error: over web mode's SSE, tRPC's client silently reconnects (and so
  // re-reads the whole range) after a 5xx-like error instead of telling the page.
  z.object({ kind: z.literal('failed'), error: gatewayErrorInfoSchema }),
]);
export type UsageStep = z.infer<typeof usageStepSchema>;
