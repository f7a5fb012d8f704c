// "Also run on…": which models a form may also go to, and what each takes of it. A parameter another family has
// no field for, or whose value that field refuses, is named; nothing is dropped without a name.
import { describe, expect, it } from 'vitest';
import { carryOver, choiceKey, modelsOfKind } from '../../shared/catalog';

describe('modelsOfKind', () => {
  it('lists every image model, a family with several variants once per variant, in catalog order', () => {
    const images = modelsOfKind('image');
    expect(images.map((c) => `${c.family}:${c.variant}`)).toEqual([
      'image.i1:standard',
      'image.i1:pro',
      'image.i2:default',
      'image.i3:default',
      'image.i4:default',
      'image.i5:standard',
      'image.i5:alias',
      'image.i6:default',
    ]);
    expect(images.find((c) => c.family === 'image.i1')?.several).toBe(true);
    expect(images.find((c) => c.family === 'image.i3')?.several).toBe(false);
    // Grid upscale takes no model: nothing to fan out to.
    expect(modelsOfKind('upscale')).toEqual([]);
  });

  it('uses the model ids in effect (the user override)', () => {
    const images = modelsOfKind('image', { 'image.i3': { default: 'acme-i3' } });
    expect(images.find((c) => c.family === 'image.i3')?.model).toBe('acme-i3');
    expect(choiceKey({ family: 'image.i3', model: 'acme-i3' })).toBe('image.i3|acme-i3');
  });
});

describe('carryOver', () => {
  const i3Form = {
    prompt: 'a lighthouse',
    nsfw_check: true,
    size: '21:9',
    resolution: '2K',
    prompt_extend: true,
  };

  it('keeps what the other family takes and names the rest in the form order', () => {
    const toI1 = carryOver(i3Form, { family: 'image.i1', model: 'image_model_id_i1' });
    expect(toI1.params).toEqual({ prompt: 'a lighthouse', resolution: '2K' });
    expect(toI1.ignored).toEqual(['nsfw_check', 'size', 'prompt_extend']);
    expect(toI1.problems).toEqual([]);
  });

  it('names a value the other field refuses (a ratio I4 does not offer)', () => {
    const toI4 = carryOver(
      { prompt: 'a lighthouse', size: '1:1' },
      { family: 'image.i4', model: 'image_model_id_i4' },
    );
    expect(toI4.params).toEqual({ prompt: 'a lighthouse' });
    expect(toI4.ignored).toEqual(['size']);
    const wide = carryOver(
      { prompt: 'a lighthouse', size: '16:9' },
      { family: 'image.i4', model: 'image_model_id_i4' },
    );
    expect(wide.params).toEqual({ prompt: 'a lighthouse', size: '16:9' });
    expect(wide.ignored).toEqual([]);
  });

  it('says what the other family refuses in what was carried (a prompt over I3’s limit)', () => {
    const long = 'x'.repeat(900);
    const toI3 = carryOver({ prompt: long }, { family: 'image.i3', model: 'image_model_id_i3' });
    expect(toI3.params).toEqual({ prompt: long });
    expect(toI3.problems).toHaveLength(1);
    expect(toI3.problems[0]).toMatch(/^prompt: /);
  });

  it('another variant of the same family takes everything', () => {
    const same = carryOver(
      { prompt: 'p', resolution: '4K' },
      { family: 'image.i1', model: 'image_model_id_i1_pro' },
    );
    expect(same).toEqual({ params: { prompt: 'p', resolution: '4K' }, ignored: [], problems: [] });
  });
});
