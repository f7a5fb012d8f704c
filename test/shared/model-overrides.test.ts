import { describe, expect, it } from 'vitest';
import { defaultModelId, familyModels, modelConfigFromOverrides } from '../../shared/catalog';

describe('model overrides from settings', () => {
  it('maps a spec placeholder id to the configured id for the right family and variant', () => {
    const config = modelConfigFromOverrides({
      image_model_id_i3: 'vendor-i3',
      video_model_id_s_mini: 'vendor-s-mini',
    });
    expect(defaultModelId('image.i3', config)).toBe('vendor-i3');
    const s = familyModels('video.s', config);
    expect(s.find((v) => v.key === 'mini')?.modelId).toBe('vendor-s-mini');
    // Variants without an override keep the placeholder.
    expect(s.find((v) => v.key === 'standard')?.modelId).toBe('video_model_id_s');
  });

  it('ignores overrides for ids no family lists', () => {
    expect(modelConfigFromOverrides({ unknown_model: 'x' })).toEqual({});
  });
});
