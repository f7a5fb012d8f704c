// [EP-IMAGE-0..6] The image families, all POST /v1/images/generations and polled on /v1/tasks/{id}.
import type { FamilySpec } from '../types';
import { FIXED_LINK_LIFETIME_S } from '../../gateway/limits';
import { I3_RATIOS, I3_RESOLUTIONS } from '../i3-sizes';
import {
  ASYNC_FAMILY,
  bool,
  enumField,
  field,
  imageUrls,
  integer,
  nsfwCheck,
  prompt,
  ratioField,
  RATIOS_I2,
  RESOLUTION_TIERS,
} from '../field-builders';

const PATH = '/v1/images/generations';

const base = {
  ...ASYNC_FAMILY,
  kind: 'image',
  results: ['image'],
  path: PATH,
  taskEndpoint: 'tasks',
} as const satisfies Partial<FamilySpec>;

export const IMAGE_FAMILIES: readonly FamilySpec[] = [
  {
    ...base,
    id: 'image.i1',
    label: 'Image I1',
    clause: '[EP-IMAGE-1]',
    ack: ['C'],
    variants: [
      { key: 'standard', label: 'Standard', defaultModelId: 'image_model_id_i1' },
      { key: 'pro', label: 'Pro', defaultModelId: 'image_model_id_i1_pro' },
    ],
    // "Parameters beyond model and prompt: not shown": resolution and image_urls are the plausible names for the
    // tiers and the multi-image reference the spec describes; anything else passes through (openParameters).
    fields: [
      prompt('[EP-IMAGE-1]'),
      enumField('resolution', '[EP-IMAGE-1]', RESOLUTION_TIERS, {
        description: 'Resolution tier (billed the same per image). Field name not shown in the spec.',
      }),
      imageUrls(
        '[EP-IMAGE-1]',
        { dataUrls: true },
        {
          description:
            'Reference images for editing or multi-image reference. Field name not shown in the spec.',
        },
      ),
    ],
    openParameters: true,
    notes: ['Billed per successfully generated image, whatever the resolution or ratio.'],
    regionEdit: {
      sends: 'crop',
      maxSide: 2048,
      field: 'image_urls',
      can: 'Editing and interactive editing: changes the region as told.',
    },
  },
  {
    ...base,
    id: 'image.i2',
    label: 'Image I2 (extended)',
    clause: '[EP-IMAGE-2]',
    ack: ['B', 'A'],
    variants: [{ key: 'default', label: 'I2', defaultModelId: 'image_model_id_i2' }],
    fields: [
      enumField('version', '[VER-3]', ['flare', 'sunburst'], {
        default: 'flare',
        description: 'Model version.',
      }),
      prompt('[EP-IMAGE-2]', { nonBlank: true }),
      enumField('resolution', '[EP-IMAGE-2]', RESOLUTION_TIERS, {
        default: '1K',
        description: 'Resolution tier.',
      }),
      enumField('size', '[EP-IMAGE-2]', RATIOS_I2, { default: 'auto', description: 'Aspect ratio.' }),
      integer('n', '[LIM-9]', { min: 1, max: 4, default: 1, description: 'Number of images.' }),
      imageUrls(
        '[LIM-10]',
        { dataUrls: true },
        {
          maxItems: 16,
          description: 'Up to 16 reference images (URLs or data URLs); omit for text-to-image. Not charged.',
        },
      ),
    ],
    // The spec's header name, and the real gateway's own for the same thing (seen in its public clients).
    headers: { 'X-Service-Response-Version': '2026-07-27', 'X-APIMart-Response-Version': '2026-07-27' },
    idempotencyKey: true,
    notes: ['Billed by version, resolution and images actually delivered.'],
    regionEdit: {
      sends: 'crop',
      maxSide: 2048,
      field: 'image_urls',
      can: 'Edits with up to 16 references; the picture sent is not charged.',
    },
  },
  {
    ...base,
    id: 'image.i3',
    label: 'Image I3',
    clause: '[EP-IMAGE-3]',
    variants: [{ key: 'default', label: 'I3', defaultModelId: 'image_model_id_i3' }],
    fields: [
      prompt('[LIM-8]', { maxLength: 800 }),
      nsfwCheck('[EP-IMAGE-3]'),
      enumField('size', '[EP-IMAGE-3]', I3_RATIOS, { default: '1:1', description: 'Aspect ratio.' }),
      enumField('resolution', '[EP-IMAGE-3]', I3_RESOLUTIONS, {
        default: '1K',
        description: 'Resolution tier.',
      }),
      bool('prompt_extend', '[EP-IMAGE-3]', 'Smart prompt rewriting (costs more).', { default: false }),
    ],
    nsfwCheck: true,
    notes: ['Exactly one image per request ([LIM-9]); n is not supported.', 'Failures are not charged.'],
  },
  {
    ...base,
    id: 'image.i4',
    label: 'Image I4',
    clause: '[EP-IMAGE-4]',
    variants: [{ key: 'default', label: 'I4', defaultModelId: 'image_model_id_i4' }],
    fields: [
      prompt('[EP-IMAGE-4]'),
      enumField('size', '[EP-IMAGE-4]', ['16:9', '9:16'], { description: 'Aspect ratio.' }),
    ],
    textOnly: true,
    resultLinkLifetimeSeconds: FIXED_LINK_LIFETIME_S,
    notes: ['Text-to-image only: image input is refused.', 'Result links are valid 24 hours ([LIM-12]).'],
  },
  {
    ...base,
    id: 'image.i5',
    label: 'Image I5',
    clause: '[EP-IMAGE-5]',
    variants: [
      { key: 'standard', label: 'I5', defaultModelId: 'image_model_id_i5' },
      { key: 'alias', label: 'I5 (alias)', defaultModelId: 'image_model_id_i5_alias' },
    ],
    fields: [
      prompt('[EP-IMAGE-5]'),
      ratioField('size', '[EP-IMAGE-5]', {
        examples: ['1:1', '16:9', '9:16', '4:3', '3:4', '1:4', '4:1', '1:8', '8:1'],
        description: 'Aspect ratio, including the extreme ratios 1:4, 4:1, 1:8 and 8:1.',
      }),
      // "tiers up to 4K": the tier names are the ones I1 and I2 use.
      enumField('resolution', '[EP-IMAGE-5]', RESOLUTION_TIERS, { description: 'Resolution tier.' }),
      // n's upper bound is not shown: any positive whole number goes; the gateway has the last word.
      integer('n', '[EP-IMAGE-5]', { min: 1, description: 'Number of images.' }),
      // The field name for the reference images is not shown: image_urls, as in I2, I6 and V2.
      imageUrls(
        '[LIM-10]',
        { dataUrls: true },
        {
          maxItems: 14,
          description: 'Up to 14 reference images for style or character consistency.',
        },
      ),
    ],
    // The search-based enhancement's parameter name is not shown: unknown fields pass through.
    openParameters: true,
    // Made for style and character consistency across references, not for masks: it sees the whole picture.
    regionEdit: {
      sends: 'marked',
      maxSide: 2048,
      field: 'image_urls',
      can: 'Image-to-image that keeps style and characters consistent with the rest of the picture.',
    },
  },
  {
    ...base,
    id: 'image.i6',
    label: 'Image I6',
    clause: '[EP-IMAGE-6]',
    variants: [{ key: 'default', label: 'I6', defaultModelId: 'image_model_id_i6' }],
    fields: [
      prompt('[EP-IMAGE-6]'),
      ratioField('size', '[EP-IMAGE-6]', { examples: ['1:1', '16:9', '9:16', '4:3', '3:4'] }),
      field('resolution', 'string', '[EP-IMAGE-6]', {
        examples: [...RESOLUTION_TIERS],
        description: 'Resolution.',
      }),
      integer('n', '[EP-IMAGE-6]', { min: 1, description: 'Number of images.' }),
      imageUrls('[EP-IMAGE-6]', {}, { description: 'Images to edit or to use as reference (URLs).' }),
    ],
    resultLinkLifetimeSeconds: FIXED_LINK_LIFETIME_S,
    notes: ['Result links are valid 24 hours ([LIM-12]).'],
    regionEdit: {
      sends: 'crop',
      maxSide: 2048,
      field: 'image_urls',
      can: 'Image editing: changes the region as told (its picture goes as an uploaded link).',
    },
  },
];
