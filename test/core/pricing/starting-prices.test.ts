// The starting price table (shared/studio/starting-prices.ts) against what the demo gateway charges: the
// simulator may not import the client, so this holds the two equal, row by row and by the settings a row
// scales with (n, duration, resolution, version, mode). Also: a run here takes over from the row, an edited
// price replaces the row's, and a cleared row or a model the table does not hold has no estimate.
import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../../electron/core/pricing';
import { FAMILY_LIST, type FamilyId } from '../../../shared/catalog';
import { STARTING_PRICES, startingPrices } from '../../../shared/studio/starting-prices';
import { useChargingSimulator } from './charging-simulator';

const peer = useChargingSimulator(7, 'starting-prices');
const familyOf = (model: string): FamilyId => {
  const family = FAMILY_LIST.find((f) => f.variants.some((v) => v.defaultModelId === model));
  if (!family) throw new Error(`no family sends ${model}`);
  return family.id;
};

/** Sends the request to the family that sends this model; answers what it cost. */
const charge = (model: string, params: Record<string, unknown>): Promise<number> =>
  peer.charge(familyOf(model), model, params);

const PICTURE = 'https://pictures.example/still.png';

const ROW_DEFAULTS: [string, Record<string, unknown>][] = Object.keys(STARTING_PRICES).map((model) => [
  model,
  model === 'video_model_id_v2' ? { image_urls: [PICTURE] } : {},
]);

/** Every row, as a request that leaves every setting to the gateway, and at the settings it scales with. */
const CASES: [string, Record<string, unknown>][] = [
  ...ROW_DEFAULTS,
  ['image_model_id_i1', { resolution: '2K' }],
  ['image_model_id_i1_pro', { n: 1 }],
  ['image_model_id_i2', { n: 1 }],
  ['image_model_id_i2', { n: 2, resolution: '2K', version: 'sunburst' }],
  ['image_model_id_i2', { resolution: '4K' }],
  ['image_model_id_i3', {}],
  ['image_model_id_i3', { resolution: '2K' }],
  ['image_model_id_i4', {}],
  ['image_model_id_i5', { n: 1, resolution: '1K' }],
  ['image_model_id_i5', { n: 2, resolution: '4K' }],
  ['image_model_id_i5_alias', { resolution: '2K' }],
  ['image_model_id_i6', { n: 2 }],
  ['video_model_id_v1_pro', { duration: 5, resolution: '1080p' }],
  ['video_model_id_v1_turbo', { duration: 4, resolution: '540p' }],
  ['video_model_id_v2', { image_urls: [PICTURE], duration: 5, resolution: '1080p' }],
  ['video_model_id_h', { duration: 5 }],
  ['video_model_id_w', { duration: 5, resolution: '480p' }],
  ['video_model_id_k', { duration: 5, mode: 'std' }],
  ['video_model_id_k', { duration: 10, mode: 'pro' }],
  ['video_model_id_s', { duration: 4 }],
  ['video_model_id_s_fast', { duration: 4 }],
  ['video_model_id_s_mini', { duration: 4 }],
];

const tableBook = (gateway: string, edits = {}) =>
  new PriceBook({ db: peer.db, gateway, startingPrices: () => startingPrices(edits) });

describe('the starting price table', () => {
  it('has a case below for every row', () => {
    expect(new Set(CASES.map(([model]) => model))).toEqual(new Set(Object.keys(STARTING_PRICES)));
  });

  it.each(CASES)(
    '%s %j: the estimate before any run is what the demo gateway charges',
    async (model, params) => {
      const book = tableBook(`${peer.url}/${peer.runs}`);
      const family = familyOf(model);
      const estimate = book.estimate({ family, model, params: { prompt: 'first use', ...params } });
      expect(estimate.basis).toBe('table');
      expect(estimate.observations).toBe(0);
      expect(estimate.usd).toBeCloseTo(await charge(model, params), 6);
    },
  );

  it('a run here takes over from the row', () => {
    const book = tableBook('https://takes-over.example');
    const task = { family: familyOf('image_model_id_i6'), model: 'image_model_id_i6', params: { n: 1 } };
    expect(book.estimate(task).usd).toBeCloseTo(0.03, 6);
    book.observe({ ...task, cost: 0.05, creditsCost: null, actualTime: 9, taskId: 'run-1' });
    expect(book.estimate(task)).toMatchObject({ basis: 'runs', observations: 1 });
    expect(book.estimate(task).usd).toBeCloseTo(0.05, 6);
  });

  it('an edited price replaces the row and keeps its scaling; a cleared row and an unknown model have none', () => {
    const i2 = { family: familyOf('image_model_id_i2'), model: 'image_model_id_i2' };
    const edited = tableBook('https://edited.example', { image_model_id_i2: 0.1, image_model_id_i6: null });
    expect(edited.estimate({ ...i2, params: { n: 2, resolution: '2K' } }).usd).toBeCloseTo(0.3, 6);
    const i6 = { family: familyOf('image_model_id_i6'), model: 'image_model_id_i6', params: {} };
    expect(edited.estimate(i6)).toMatchObject({ usd: null, basis: 'none' });
    expect(edited.estimate({ ...i6, model: 'my_own_i6' })).toMatchObject({ usd: null, basis: 'none' });
  });

  it("comes before the usage history's average, which still prices a model the table does not hold", () => {
    const book = tableBook('https://with-usage.example');
    book.seedFromUsage([
      { model: 'video_model_id_k', amountUsd: 8.8, requests: 10 },
      { model: 'image_model_id_x1', amountUsd: 0.2, requests: 10 },
    ]);
    const k = { family: familyOf('video_model_id_k'), model: 'video_model_id_k' };
    expect(book.estimate({ ...k, params: { duration: 5, mode: 'std' } })).toMatchObject({ basis: 'table' });
    expect(book.estimate({ ...k, params: { duration: 5, mode: 'std' } }).usd).toBeCloseTo(0.35, 6);
    expect(book.estimate({ ...k, model: 'image_model_id_x1', params: {} })).toMatchObject({
      basis: 'usage',
      usd: 0.02,
    });
  });
});
