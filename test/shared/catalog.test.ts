import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  FAMILY_IDS,
  FAMILY_LIST,
  buildBody,
  checkBody,
  defaultModelId,
  defaultValues,
  familiesForModel,
  familyForModel,
  familySchema,
  modelConfigFromOverrides,
  i3OutputSize,
  I3_SIZE_TABLE,
  parseSetAssignments,
  referenceImageFields,
  submissionModelId,
  webhookIssue,
  type FamilyId,
} from '../../shared/catalog';
import { WRITTEN_FAMILIES } from '../../shared/catalog/families';

const ok = (id: FamilyId, body: Record<string, unknown>) => familySchema(id).safeParse(body).success;
const problems = (id: FamilyId, body: Record<string, unknown>) => {
  const r = checkBody(id, body);
  return r.ok ? [] : r.problems;
};
const m = (id: FamilyId) => defaultModelId(id) ?? '';
const str = (n: number) => 'x'.repeat(n);

describe('catalog data', () => {
  it('has one entry per family id, in order: none missing, none written twice', () => {
    // The families as written, before any map could collapse a duplicate.
    const written = WRITTEN_FAMILIES.map((f) => f.id);
    expect(written.toSorted()).toEqual([...FAMILY_IDS].toSorted());
    expect(new Set(written).size).toBe(written.length);
    expect(FAMILY_LIST.map((f) => f.id)).toEqual([...FAMILY_IDS]);
  });

  it('uses the spec placeholders as default model ids', () => {
    const ids = FAMILY_LIST.flatMap((f) => f.variants.map((v) => v.defaultModelId));
    for (const id of [
      'image_model_id_i1',
      'image_model_id_i1_pro',
      'image_model_id_i2',
      'image_model_id_i3',
      'image_model_id_i4',
      'image_model_id_i5',
      'image_model_id_i5_alias',
      'image_model_id_i6',
      'video_model_id_v1_pro',
      'video_model_id_v1_turbo',
      'video_model_id_v2',
      'video_model_id_h',
      'video_model_id_w',
      'video_model_id_k',
      'video_model_id_s',
      'video_model_id_s_fast',
      'video_model_id_s_mini',
      'music_model_id',
      'speech_model_id',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('routes every family to its endpoint, task endpoint and ack shape', () => {
    expect(FAMILIES['image.i1']).toMatchObject({
      path: '/v1/images/generations',
      ack: ['C'],
      taskEndpoint: 'tasks',
    }); // [ACK-4]
    expect(FAMILIES['image.i2'].ack).toEqual(['B', 'A']); // [EP-IMAGE-I2HDR-3]
    expect(FAMILIES['video.s']).toMatchObject({ path: '/v1/videos/generations', ack: ['A'] }); // [EP-VIDEO-0]
    expect(FAMILIES['music.concat']).toMatchObject({
      path: '/v1/music/generations/concat',
      taskEndpoint: 'music',
    }); // [EP-MUSIC-1]
    expect(FAMILIES['music.addInstrumental'].path).toBe('/v1/music/generations/addInstrumental');
    expect(FAMILIES['grid.upscale']).toMatchObject({
      path: '/v1/gridimg/generations/upscale',
      kind: 'upscale',
    }); // [EP-GRID-1]
    expect(FAMILIES.speech).toMatchObject({ path: '/v1/audio/speech', taskEndpoint: null, ack: [] }); // [EP-SPEECH-1]
  });

  it('[EP-IMAGE-I2HDR-1] [EP-IMAGE-I2HDR-2] I2 sends the response-version header and an idempotency key', () => {
    // The spec's name, and the real gateway's own for the same header.
    expect(FAMILIES['image.i2'].headers).toEqual({
      'X-Service-Response-Version': '2026-07-27',
      'X-APIMart-Response-Version': '2026-07-27',
    });
    expect(FAMILY_LIST.filter((f) => f.idempotencyKey).map((f) => f.id)).toEqual(['image.i2']);
  });

  it('[COMMON-2] nsfw_check applies to S and I3 only', () => {
    expect(FAMILY_LIST.filter((f) => f.nsfwCheck).map((f) => f.id)).toEqual(['image.i3', 'video.s']);
  });

  it('[LIM-10] reference image fields and counts', () => {
    const max = (id: FamilyId) => referenceImageFields(id).map((f) => [f.name, f.minItems ?? 0, f.maxItems]);
    expect(max('image.i2')).toEqual([['image_urls', 0, 16]]);
    expect(max('image.i5')).toEqual([['image_urls', 0, 14]]);
    expect(max('video.v2')).toEqual([['image_urls', 1, 7]]);
    expect(referenceImageFields('video.s').map((f) => f.name)).toEqual([
      'image_urls',
      'image_with_roles',
      'first_frame_image',
      'last_frame_image',
    ]);
    expect(referenceImageFields('image.i4')).toEqual([]);
  });

  it('[LIM-12] I4 and I6 result links live 24 hours', () => {
    expect(FAMILIES['image.i4'].resultLinkLifetimeSeconds).toBe(86400);
    expect(FAMILIES['image.i6'].resultLinkLifetimeSeconds).toBe(86400);
    expect(FAMILIES['image.i2'].resultLinkLifetimeSeconds).toBeNull();
  });

  it('gives form defaults from the spec', () => {
    expect(defaultValues('image.i2')).toEqual({ version: 'flare', resolution: '1K', size: 'auto', n: 1 }); // [EP-IMAGE-2]
    expect(defaultValues('image.i3')).toEqual({
      nsfw_check: false,
      size: '1:1',
      resolution: '1K',
      prompt_extend: false,
    });
    expect(defaultValues('music.concat')).toEqual({ audio_index: 1 }); // [SRC-1]
  });
});

describe('models', () => {
  it('[EP-GRID-1] [EP-MUSIC-1] a submission takes its model from the catalog or the override, never from no choice', () => {
    expect(submissionModelId('image.i5', undefined)).toBe('image_model_id_i5');
    expect(submissionModelId('image.i5', '')).toBe('image_model_id_i5');
    expect(submissionModelId('image.i5', 'image_model_id_i5_alias')).toBe('image_model_id_i5_alias');
    expect(submissionModelId('music.concat', undefined, { 'music.concat': { default: 'acme-music' } })).toBe(
      'acme-music',
    );
    // Grid upscale's body has no model field.
    expect(submissionModelId('grid.upscale', undefined)).toBe('');
  });

  it('finds the family and variant of a model id', () => {
    expect(familyForModel('video_model_id_s_mini')).toMatchObject({
      family: { id: 'video.s' },
      variant: { key: 'mini' },
    });
    expect(familyForModel('image_model_id_i5_alias')?.family.id).toBe('image.i5');
    expect(familyForModel('nope')).toBeUndefined();
  });

  it('[EP-MUSIC-1] the music model is shared by the four operations', () => {
    expect(familyForModel('music_model_id')).toBeUndefined();
    expect(familiesForModel('music_model_id').map((x) => x.family.id)).toEqual([
      'music.concat',
      'music.generateMp4',
      'music.adjustSpeed',
      'music.addInstrumental',
    ]);
  });

  it('turns the settings overrides (placeholder -> id) into a ModelConfig; the music id applies to all four operations', () => {
    const config = modelConfigFromOverrides({
      video_model_id_s_mini: 'acme-s-mini-2',
      music_model_id: 'acme-music',
      not_a_placeholder: 'x',
    });
    expect(config).toEqual({
      'video.s': { mini: 'acme-s-mini-2' },
      'music.concat': { default: 'acme-music' },
      'music.generateMp4': { default: 'acme-music' },
      'music.adjustSpeed': { default: 'acme-music' },
      'music.addInstrumental': { default: 'acme-music' },
    });
    expect(familyForModel('acme-s-mini-2', config)?.variant.key).toBe('mini');
  });

  it('honours configured model ids', () => {
    const models = { 'video.s': { mini: 'acme-s-mini-2' } };
    expect(familyForModel('acme-s-mini-2', models)?.variant.key).toBe('mini');
    expect(familyForModel('video_model_id_s_mini', models)).toBeUndefined();
    expect(defaultModelId('video.s', models)).toBe('video_model_id_s');
    // [EP-VIDEO-6] the configured mini model lifts the prompt limit
    expect(
      familySchema('video.s', models).safeParse({ model: 'acme-s-mini-2', prompt: str(5000) }).success,
    ).toBe(true);
  });
});

describe('schemas per family', () => {
  it('[EP-IMAGE-2] I2: prompt non-blank, n 1..4, 16 references incl. data URLs, enums', () => {
    const b = { model: m('image.i2'), prompt: 'a cat' };
    expect(ok('image.i2', b)).toBe(true);
    expect(ok('image.i2', { ...b, prompt: '   ' })).toBe(false);
    expect(ok('image.i2', { model: m('image.i2') })).toBe(false);
    expect(ok('image.i2', { ...b, n: 4 })).toBe(true); // [LIM-9]
    expect(ok('image.i2', { ...b, n: 5 })).toBe(false);
    expect(ok('image.i2', { ...b, n: 0 })).toBe(false);
    expect(ok('image.i2', { ...b, n: 1.5 })).toBe(false);
    expect(ok('image.i2', { ...b, version: 'sunburst', resolution: '4K', size: '21:9' })).toBe(true); // [VER-3]
    expect(ok('image.i2', { ...b, version: 'other' })).toBe(false);
    expect(ok('image.i2', { ...b, size: '7:3' })).toBe(false);
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    const refs = Array.from({ length: 16 }, (_, i) => (i % 2 ? dataUrl : `https://example.com/${i}.png`));
    expect(ok('image.i2', { ...b, image_urls: refs })).toBe(true); // [LIM-10]
    expect(ok('image.i2', { ...b, image_urls: [...refs, dataUrl] })).toBe(false);
    expect(ok('image.i2', { ...b, image_urls: ['file:///etc/passwd'] })).toBe(false);
    expect(ok('image.i2', { ...b, image_urls: ['data:text/plain;base64,aGk='] })).toBe(false);
    expect(problems('image.i2', { ...b, colour: 'red' })).toEqual([
      { path: 'colour', message: expect.any(String) },
    ]);
  });

  it('[EP-IMAGE-3] [LIM-8] I3: prompt at most 800, one image, size and resolution enums', () => {
    const b = { model: m('image.i3'), prompt: str(800) };
    expect(ok('image.i3', b)).toBe(true);
    expect(problems('image.i3', { ...b, prompt: str(801) })).toEqual([
      { path: 'prompt', message: expect.stringMatching(/800/) },
    ]);
    expect(problems('image.i3', { ...b, n: 2 })[0]?.message).toMatch(/exactly one image/); // [LIM-9]
    expect(
      ok('image.i3', { ...b, size: '3:2', resolution: '2K', nsfw_check: true, prompt_extend: true }),
    ).toBe(true);
    expect(ok('image.i3', { ...b, resolution: '4K' })).toBe(false);
    expect(ok('image.i3', { ...b, size: '21:9' })).toBe(false);
  });

  it('[EP-IMAGE-4] I4: text only, size 16:9 or 9:16', () => {
    const b = { model: m('image.i4'), prompt: 'a cat' };
    expect(ok('image.i4', { ...b, size: '9:16' })).toBe(true);
    expect(ok('image.i4', { ...b, size: '1:1' })).toBe(false);
    for (const key of ['image_urls', 'image', 'images', 'first_frame_image', 'reference_images']) {
      expect(problems('image.i4', { ...b, [key]: ['https://example.com/a.png'] })[0]?.message).toMatch(
        /text-to-image only/,
      );
    }
  });

  it('[EP-IMAGE-5] I5: 14 references, extreme ratios, open parameters', () => {
    const b = { model: m('image.i5'), prompt: 'a cat' };
    expect(ok('image.i5', { ...b, size: '1:8', resolution: '4K', n: 2 })).toBe(true);
    expect(ok('image.i5', { ...b, image_urls: Array(14).fill('https://e.com/a.png') })).toBe(true);
    expect(ok('image.i5', { ...b, image_urls: Array(15).fill('https://e.com/a.png') })).toBe(false);
    expect(ok('image.i5', { ...b, web_search: true })).toBe(true); // enhancement parameter name not shown
    expect(ok('image.i5', { ...b, size: 'wide' })).toBe(false);
  });

  it('[EP-IMAGE-1] [EP-IMAGE-6] I1 takes unknown parameters, I6 does not', () => {
    expect(ok('image.i1', { model: 'image_model_id_i1_pro', prompt: 'x', sequential: true })).toBe(true);
    expect(
      ok('image.i6', { model: m('image.i6'), prompt: 'x', n: 2, image_urls: ['https://e.com/a.png'] }),
    ).toBe(true);
    expect(ok('image.i6', { model: m('image.i6'), prompt: 'x', sequential: true })).toBe(false);
  });

  it('[LIM-11] V1 and V2 durations 1..16; H and W 5 or 10', () => {
    for (const id of ['video.v1', 'video.v2'] as const) {
      const b = { model: m(id), prompt: 'x', image_urls: ['https://e.com/a.png'] };
      expect(ok(id, { ...b, duration: 1 })).toBe(true);
      expect(ok(id, { ...b, duration: 16 })).toBe(true);
      expect(ok(id, { ...b, duration: 0 })).toBe(false);
      expect(ok(id, { ...b, duration: 17 })).toBe(false);
      expect(ok(id, { ...b, resolution: '1080p' })).toBe(true);
      expect(ok(id, { ...b, resolution: '480p' })).toBe(false);
    }
    for (const id of ['video.h', 'video.w'] as const) {
      const b = { model: m(id), prompt: 'x' };
      expect(ok(id, { ...b, duration: 5 })).toBe(true);
      expect(ok(id, { ...b, duration: 10 })).toBe(true);
      expect(ok(id, { ...b, duration: 7 })).toBe(false);
    }
    expect(ok('video.w', { model: m('video.w'), prompt: 'x', resolution: '480p' })).toBe(true); // [EP-VIDEO-4]
  });

  it('[EP-VIDEO-2] [LIM-10] V2 needs 1 to 7 reference images', () => {
    const b = { model: m('video.v2'), prompt: 'x' };
    expect(ok('video.v2', b)).toBe(false);
    expect(ok('video.v2', { ...b, image_urls: [] })).toBe(false);
    expect(ok('video.v2', { ...b, image_urls: Array(7).fill('https://e.com/a.png') })).toBe(true);
    expect(ok('video.v2', { ...b, image_urls: Array(8).fill('https://e.com/a.png') })).toBe(false);
  });

  it('[EP-VIDEO-6] [LIM-8] S: 4000-character prompt except mini, prompt optional with image input', () => {
    const s = { model: 'video_model_id_s', prompt: str(4000) };
    expect(ok('video.s', s)).toBe(true);
    expect(ok('video.s', { ...s, prompt: str(4001) })).toBe(false);
    expect(ok('video.s', { ...s, model: 'video_model_id_s_fast', prompt: str(4001) })).toBe(false);
    expect(ok('video.s', { ...s, model: 'video_model_id_s_mini', prompt: str(20000) })).toBe(true);
    expect(ok('video.s', { ...s, model: 'someone-elses-model', prompt: str(4001) })).toBe(false);
    expect(problems('video.s', { model: 'video_model_id_s' })).toEqual([
      { path: 'prompt', message: 'Required for text-to-video.' },
    ]);
    expect(ok('video.s', { model: 'video_model_id_s', first_frame_image: 'asset://img-1' })).toBe(true);
    expect(ok('video.s', { model: 'video_model_id_s', video_urls: ['https://e.com/a.mp4'] })).toBe(true);
    expect(
      ok('video.s', {
        ...s,
        image_with_roles: [{ url: 'data:image/jpeg;base64,/9j/4A==', role: 'reference' }],
        audio_urls: ['asset://voice'],
        nsfw_check: true,
        size: 'adaptive',
      }),
    ).toBe(true);
    expect(ok('video.s', { ...s, audio_urls: ['data:image/png;base64,AAAA'] })).toBe(false);
  });

  it('[COMMON-2] nsfw_check is refused where it does not apply', () => {
    expect(problems('video.v1', { model: m('video.v1'), prompt: 'x', nsfw_check: true })[0]?.path).toBe(
      'nsfw_check',
    );
    expect(ok('image.i3', { model: m('image.i3'), prompt: 'x', nsfw_check: true })).toBe(true);
  });

  it('[EP-VIDEO-5] K takes free mode values', () => {
    expect(
      ok('video.k', { model: m('video.k'), prompt: 'x', mode: 'std', duration: 5, aspect_ratio: '16:9' }),
    ).toBe(true);
    expect(ok('video.k', { model: m('video.k'), prompt: 'x', mode: 'professional' })).toBe(true);
  });

  it('[EP-MUSIC-2..5] [SRC-1] music operations', () => {
    const b = { model: 'music_model_id', task_id: 't1' };
    expect(ok('music.concat', b)).toBe(true);
    expect(ok('music.concat', { ...b, audio_index: 0 })).toBe(false);
    expect(ok('music.concat', { model: 'music_model_id' })).toBe(false);
    expect(ok('music.concat', { task_id: 't1' })).toBe(false); // [EP-MUSIC-1] model required
    expect(ok('music.adjustSpeed', { ...b, speed: 1.5 })).toBe(true);
    expect(ok('music.adjustSpeed', { ...b, speed: 0 })).toBe(false);
    expect(ok('music.adjustSpeed', b)).toBe(false);
    expect(ok('music.addInstrumental', { ...b, audio_index: 2, version: 'v1', tags: 'piano' })).toBe(true);
    expect(ok('music.generateMp4', { ...b, tags: 'piano' })).toBe(false);
  });

  it('[EP-GRID-1] grid upscale: index 1..4, no model', () => {
    expect(ok('grid.upscale', { task_id: 't', index: 4, speed: 'fast' })).toBe(true);
    // Speed is a choice, fast (the spec's value, the form's default) or normal, not free text.
    expect(ok('grid.upscale', { task_id: 't', index: 4, speed: 'normal' })).toBe(true);
    expect(ok('grid.upscale', { task_id: 't', index: 4, speed: 'turbo' })).toBe(false);
    expect(defaultValues('grid.upscale')).toEqual({ speed: 'fast' });
    expect(ok('grid.upscale', { task_id: 't', index: 5 })).toBe(false);
    expect(ok('grid.upscale', { task_id: 't', index: 0 })).toBe(false);
    expect(ok('grid.upscale', { task_id: 't', index: 1, model: 'x' })).toBe(false);
    expect(buildBody('grid.upscale', '', { task_id: 't', index: 1 })).toEqual({ task_id: 't', index: 1 });
  });

  it('[EP-SPEECH-1] [LIM-7] speech: input at most 4096, formats, no webhook', () => {
    const b = { model: 'speech_model_id', input: str(4096) };
    expect(ok('speech', b)).toBe(true);
    expect(ok('speech', { ...b, input: str(4097) })).toBe(false);
    expect(ok('speech', { ...b, response_format: 'flac', voice: 'v', speed: 1.2 })).toBe(true);
    expect(ok('speech', { ...b, response_format: 'mp4' })).toBe(false);
    expect(ok('speech', { ...b, webhook: 'https://example.com/hook' })).toBe(false);
  });

  it('[COMMON-1] [EVT-9] webhook must be a public http(s) URL on a standard port', () => {
    const b = { model: m('image.i3'), prompt: 'x' };
    expect(ok('image.i3', { ...b, webhook: 'https://hooks.example.com/a/b/' })).toBe(true);
    for (const bad of [
      'ftp://example.com',
      'http://127.0.0.1/x',
      'http://localhost/x',
      'https://10.0.0.2',
      'https://example.com:8443/x',
    ]) {
      expect(ok('image.i3', { ...b, webhook: bad })).toBe(false);
    }
  });

  it("[EVT-9] [AUTH-6] webhookIssue names why: credentials in the URL, the gateway's own domain", () => {
    expect(webhookIssue('https://hooks.example.com/a')).toBeNull();
    expect(webhookIssue('https://me:secret@hooks.example.com/a')?.code).toBe('credentials');
    expect(webhookIssue('https://gw.example.com/cb', 'https://gw.example.com')?.code).toBe('own-domain');
    expect(webhookIssue('https://api.gw.example.com/cb', 'https://gw.example.com/v1')?.code).toBe(
      'own-domain',
    );
    expect(webhookIssue('https://hooks.example.com/cb', 'https://gw.example.com')).toBeNull();
    expect(webhookIssue('http://192.168.1.4/cb')?.code).toBe('private');
    expect(webhookIssue('https://hooks.example.com:8080/cb')?.code).toBe('port');
    expect(webhookIssue('hooks.example.com')?.code).toBe('not-http');
  });

  it('the bounds the other tests leave out, each on both sides', () => {
    // [EP-IMAGE-1] resolution tiers 1K, 2K, 4K; multi-image reference takes data URLs too
    const i1 = { model: m('image.i1'), prompt: 'x' };
    expect(ok('image.i1', { ...i1, resolution: '4K', image_urls: ['data:image/png;base64,AAAA'] })).toBe(
      true,
    );
    expect(ok('image.i1', { ...i1, resolution: '8K' })).toBe(false);
    expect(ok('image.i1', { model: m('image.i1') })).toBe(false); // prompt required
    // [EP-IMAGE-4] prompt required
    expect(ok('image.i4', { model: m('image.i4') })).toBe(false);
    // [EP-IMAGE-6] n is a positive whole number, images are URLs
    const i6 = { model: m('image.i6'), prompt: 'x' };
    expect(ok('image.i6', { ...i6, n: 0 })).toBe(false);
    expect(ok('image.i6', { ...i6, image_urls: ['not a url'] })).toBe(false);
    // [EP-VIDEO-1] [EP-VIDEO-4] ratios are ratios
    expect(ok('video.v1', { model: m('video.v1'), prompt: 'x', aspect_ratio: '16:9' })).toBe(true);
    expect(ok('video.v1', { model: m('video.v1'), prompt: 'x', aspect_ratio: 'wide' })).toBe(false);
    expect(ok('video.w', { model: m('video.w'), prompt: 'x', size: '9:16' })).toBe(true);
    expect(ok('video.w', { model: m('video.w'), prompt: 'x', size: 'tall' })).toBe(false);
    expect(ok('video.w', { model: m('video.w'), prompt: 'x', resolution: '540p' })).toBe(false);
    // [EP-VIDEO-5] duration in whole seconds
    expect(ok('video.k', { model: m('video.k'), prompt: 'x', duration: 5 })).toBe(true);
    expect(ok('video.k', { model: m('video.k'), prompt: 'x', duration: 0 })).toBe(false);
    expect(ok('video.k', { model: m('video.k'), prompt: 'x', duration: 2.5 })).toBe(false);
    // [EP-VIDEO-6] reference audio alone is not an image or video input: the prompt stays required
    expect(ok('video.s', { model: m('video.s'), audio_urls: ['https://e.com/a.mp3'] })).toBe(false);
    expect(ok('video.s', { model: m('video.s'), image_urls: ['https://e.com/a.png'] })).toBe(true);
    // [EP-MUSIC-5] the source track is required
    expect(ok('music.addInstrumental', { model: 'music_model_id', tags: 'piano' })).toBe(false);
    // [EP-SPEECH-1] model and input required, speed above zero
    const sp = { model: 'speech_model_id', input: 'hi' };
    expect(ok('speech', { ...sp, speed: 0 })).toBe(false);
    expect(ok('speech', { ...sp, speed: 0.5 })).toBe(true);
    expect(ok('speech', { input: 'hi' })).toBe(false);
    expect(ok('speech', { model: 'speech_model_id' })).toBe(false);
  });

  it('treats empty form inputs as unset and drops them from the body', () => {
    const r = checkBody('image.i2', {
      model: m('image.i2'),
      prompt: 'x',
      size: '',
      n: Number.NaN,
      webhook: null,
    });
    expect(r).toEqual({ ok: true, body: { model: m('image.i2'), prompt: 'x' } });
  });
});

describe('[EP-IMAGE-I3SIZE-1..7] I3 size table', () => {
  it('maps ratio and tier to pixels', () => {
    expect(i3OutputSize('1:1', '1K')).toEqual({ width: 1024, height: 1024 }); // [EP-IMAGE-I3SIZE-1]
    expect(i3OutputSize('4:3', '2K')).toEqual({ width: 2048, height: 1536 }); // [EP-IMAGE-I3SIZE-2]
    expect(i3OutputSize('3:4', '1K')).toEqual({ width: 864, height: 1152 }); // [EP-IMAGE-I3SIZE-3]
    expect(i3OutputSize('16:9', '2K')).toEqual({ width: 2048, height: 1152 }); // [EP-IMAGE-I3SIZE-4]
    expect(i3OutputSize('9:16', '1K')).toEqual({ width: 720, height: 1280 }); // [EP-IMAGE-I3SIZE-5]
    expect(i3OutputSize('3:2', '2K')).toEqual({ width: 2048, height: 1360 }); // [EP-IMAGE-I3SIZE-6]
    expect(i3OutputSize('2:3', '2K')).toEqual({ width: 1360, height: 2048 }); // [EP-IMAGE-I3SIZE-7]
    expect(i3OutputSize()).toEqual({ width: 1024, height: 1024 });
    expect(i3OutputSize('5:4', '1K')).toBeNull();
    expect(i3OutputSize('1:1', '4K')).toBeNull();
    expect(Object.keys(I3_SIZE_TABLE)).toEqual(
      FAMILIES['image.i3'].fields.find((f) => f.name === 'size')?.values,
    );
  });
});

describe('CLI --set coercion', () => {
  it('coerces by field type and accumulates lists', () => {
    const data = 'data:image/png;base64,AA,BB';
    expect(
      parseSetAssignments('image.i2', [
        'n=3',
        'prompt=a=b',
        'image_urls=https://e.com/1.png',
        `image_urls=${data}`,
        'size=16:9',
      ]),
    ).toEqual({ n: 3, prompt: 'a=b', image_urls: ['https://e.com/1.png', data], size: '16:9' });
    expect(parseSetAssignments('image.i3', ['nsfw_check=yes', 'prompt_extend=false'])).toEqual({
      nsfw_check: true,
      prompt_extend: false,
    });
    expect(
      parseSetAssignments('video.s', ['image_with_roles={"url":"https://e.com/a.png","role":"x"}']),
    ).toEqual({
      image_with_roles: [{ url: 'https://e.com/a.png', role: 'x' }],
    });
    expect(parseSetAssignments('music.adjustSpeed', ['speed=1.25'])).toEqual({ speed: 1.25 });
    expect(parseSetAssignments('video.k', ['camera={"pan":1}', 'cfg=0.5', 'note=hi'])).toEqual({
      camera: { pan: 1 },
      cfg: 0.5,
      note: 'hi',
    });
  });

  it('refuses values that cannot be coerced and unknown fields of closed families', () => {
    expect(() => parseSetAssignments('image.i2', ['n=two'])).toThrow(/n: expected a number/);
    expect(() => parseSetAssignments('image.i2', ['n=1.5'])).toThrow(/whole number/);
    expect(() => parseSetAssignments('image.i3', ['nsfw_check=maybe'])).toThrow(/true or false/);
    expect(() => parseSetAssignments('image.i2', ['colour=red'])).toThrow(/no such field/);
    // [EP-IMAGE-4] an image for the text-only family is refused with the reason, not as an unknown field
    expect(() => parseSetAssignments('image.i4', ['image_urls=https://e.com/a.png'])).toThrow(
      /text-to-image only/,
    );
    expect(() => parseSetAssignments('image.i2', ['prompt'])).toThrow(/field=value/);
    expect(() => parseSetAssignments('image.i2', ['image_urls=[nope'])).toThrow(/JSON/);
  });
});
