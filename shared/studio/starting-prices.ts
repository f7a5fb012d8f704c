// The starting price of each model the app knows (one row per family variant, by its default model id): what an
// estimate stands on before this gateway has charged the model anything. The spec states no prices, so the
// values are the demo gateway's (electron/simulator/validation); the simulator may not import the client, so
// test/core/pricing/starting-prices.test.ts holds the two equal. The creator can change or clear a row in
// Settings; once a model has run here, what it was charged takes over (electron/core/pricing/price-book.ts).
import { z } from 'zod';

/**
 * USD per unit: per image where a family has n, per second where it has a duration (the price book multiplies
 * by both), else per request. `factors` scale it by a setting's value, e.g. resolution; a value not listed
 * counts as 1.
 */
export const startingPriceSchema = z.strictObject({
  usd: z.number().positive().max(1000),
  factors: z.record(z.string(), z.record(z.string(), z.number().positive())).optional(),
  /** What the gateway takes when a request leaves a setting out, e.g. 5 s of video; priced as if sent. */
  assumes: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type StartingPrice = z.infer<typeof startingPriceSchema>;

/** The Settings value: model id → a price, or null for a row the creator cleared (no estimate until a run). */
export const startingPriceEditsSchema = z.record(
  z.string().min(1),
  z.number().positive().max(1000).nullable(),
);
export type StartingPriceEdits = z.infer<typeof startingPriceEditsSchema>;

const IMAGE_TIERS = { '1K': 1, '2K': 1.5, '4K': 2.5 };
const VIDEO_RESOLUTION = { '480p': 0.7, '540p': 0.8, '720p': 1, '1080p': 1.5 };
/** The spec shows no default length; the demo gateway makes 5 s. */
const FIVE_SECONDS = { duration: 5 };

export const STARTING_PRICES: Readonly<Record<string, StartingPrice>> = {
  image_model_id_i1: { usd: 0.03 },
  image_model_id_i1_pro: { usd: 0.05 },
  image_model_id_i2: {
    usd: 0.04,
    factors: { resolution: IMAGE_TIERS, version: { flare: 1, sunburst: 1.5 } },
  },
  image_model_id_i3: { usd: 0.02, factors: { resolution: { '1K': 1, '2K': 1.5 } } },
  image_model_id_i4: { usd: 0.04 },
  image_model_id_i5: {
    usd: 0.035,
    factors: { resolution: { '1K': 1, '2K': 0.05 / 0.035, '4K': 0.09 / 0.035 } },
  },
  image_model_id_i5_alias: {
    usd: 0.035,
    factors: { resolution: { '1K': 1, '2K': 0.05 / 0.035, '4K': 0.09 / 0.035 } },
  },
  image_model_id_i6: { usd: 0.03 },
  video_model_id_v1_pro: { usd: 0.12, assumes: FIVE_SECONDS, factors: { resolution: VIDEO_RESOLUTION } },
  video_model_id_v1_turbo: { usd: 0.06, assumes: FIVE_SECONDS, factors: { resolution: VIDEO_RESOLUTION } },
  video_model_id_v2: { usd: 0.1, assumes: FIVE_SECONDS, factors: { resolution: VIDEO_RESOLUTION } },
  video_model_id_h: { usd: 0.08, assumes: FIVE_SECONDS },
  video_model_id_w: { usd: 0.07, assumes: FIVE_SECONDS, factors: { resolution: VIDEO_RESOLUTION } },
  // [EP-VIDEO-5] std is standard 720P; the professional mode is 1080P.
  video_model_id_k: { usd: 0.07, assumes: FIVE_SECONDS, factors: { mode: { std: 1, pro: 2 } } },
  video_model_id_s: { usd: 0.15, assumes: FIVE_SECONDS },
  video_model_id_s_fast: { usd: 0.08, assumes: FIVE_SECONDS },
  video_model_id_s_mini: { usd: 0.04, assumes: FIVE_SECONDS },
};

/** The table with the creator's edits over it: a changed price keeps the row's factors; null removes the row. */
export function startingPrices(edits: StartingPriceEdits = {}): Record<string, StartingPrice> {
  const rows = new Map(Object.entries(STARTING_PRICES));
  for (const [model, usd] of Object.entries(edits)) {
    const row = rows.get(model);
    if (usd === null) rows.delete(model);
    else rows.set(model, { ...row, usd });
  }
  return Object.fromEntries(rows);
}

/** One unit's price for a request's settings (before n and duration). */
export function startingUnitUsd(price: StartingPrice, settings: Readonly<Record<string, unknown>>): number {
  let usd = price.usd;
  for (const [setting, byValue] of Object.entries(price.factors ?? {})) {
    const value = settings[setting];
    const factor =
      typeof value === 'string' || typeof value === 'number' ? byValue[String(value)] : undefined;
    usd *= factor ?? 1;
  }
  return usd;
}
