// The gateway's published limits ([LIM-*] in the spec) that the studio plans around, each written once here and
// imported wherever it matters: the core's usage windows and reconciliation, the host's price-book seeding, the
// bridge's usage schema, the renderer's usage page. Limits the catalog owns per family (prompt lengths, images
// per request, durations) stay with their families in shared/catalog; speech's input limit in speech-rules.ts.

/** [LIM-1] usage queries allowed per API key per minute. */
export const USAGE_QUERIES_PER_MINUTE = 60;

/** [LIM-2] identical usage parameters are answered from the gateway's cache for this long. */
export const USAGE_CACHE_MS = 60_000;

/** [LIM-3] the gateway asks that usage be polled no more than once in this long. */
export const USAGE_POLL_MIN_MS = 60_000;

/** [LIM-4] [EP-USAGE-PARAM-2] the longest range one usage query may span, in seconds ([start, end)). */
export const MAX_USAGE_RANGE_S = 31 * 86_400;

/** [LIM-4] the same, in milliseconds, for callers on the clock's scale. */
export const MAX_USAGE_RANGE_MS = MAX_USAGE_RANGE_S * 1000;

/** [LIM-5] [EP-USAGE-PARAM-3] model names one usage query may filter by. */
export const MAX_USAGE_MODELS = 50;

/** [LIM-12] result links of families without an expires_at (I4, I6) are valid this long, in seconds. */
export const FIXED_LINK_LIFETIME_S = 24 * 60 * 60;
