// The estimate shown before sending against what the simulator then charges, family by family:
// after one run here, a request that differs in n or duration (the settings a price is proportional to) is
// estimated at what the gateway charges for it, not at the price of the run it learned from (I2 once estimated
// n=1 at the 0.12 USD of an n=3 run, K 5 s at the price of 10 s).
import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../../electron/core/pricing';
import type { FamilyId } from '../../../shared/catalog';
import { useChargingSimulator } from './charging-simulator';

const peer = useChargingSimulator(5, 'estimate-vs-charge');

const PICTURE = 'https://pictures.example/still.png';

/** Each family with n or duration: the run learned from, then the request estimated and charged. */
const CASES: [FamilyId, string, Record<string, unknown>, Record<string, unknown>][] = [
  ['image.i2', 'image_model_id_i2', { n: 3 }, { n: 1 }],
  ['image.i5', 'image_model_id_i5', { n: 2, resolution: '2K' }, { n: 4, resolution: '2K' }],
  ['image.i6', 'image_model_id_i6', { n: 3 }, { n: 1 }],
  [
    'video.v1',
    'video_model_id_v1_pro',
    { duration: 10, resolution: '720p' },
    { duration: 4, resolution: '720p' },
  ],
  [
    'video.v2',
    'video_model_id_v2',
    { image_urls: [PICTURE], duration: 8 },
    { image_urls: [PICTURE], duration: 3 },
  ],
  ['video.h', 'video_model_id_h', { duration: 10 }, { duration: 5 }],
  ['video.w', 'video_model_id_w', { duration: 5, resolution: '720p' }, { duration: 10, resolution: '720p' }],
  ['video.k', 'video_model_id_k', { duration: 10, mode: 'pro' }, { duration: 5, mode: 'pro' }],
  ['video.s', 'video_model_id_s', { duration: 12 }, { duration: 4 }],
];

describe('estimate against the charge', () => {
  it.each(CASES)(
    '%s: one run teaches the price of another n or duration',
    async (family, model, learn, ask) => {
      const book = new PriceBook({ db: peer.db, gateway: `${peer.url}/${family}` });
      const first = await peer.charge(family, model, learn);
      book.observe({
        family,
        model,
        params: learn,
        cost: first,
        creditsCost: null,
        actualTime: null,
        taskId: `${peer.runs}`,
      });
      const estimate = book.estimate({ family, model, params: { prompt: 'a new take', ...ask } });
      const charged = await peer.charge(family, model, ask);
      expect(charged).not.toBeCloseTo(first, 6);
      expect(estimate.usd).toBeCloseTo(charged, 6);
      expect(estimate.basis).toBe('runs');
    },
  );
});
