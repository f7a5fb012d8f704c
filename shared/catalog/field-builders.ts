// Small constructors for the fields many families share, so each family file reads like the spec's table.
import type { FamilySpec, FieldSpec, MediaSpec } from './types';

type Extra = Partial<Omit<FieldSpec, 'name' | 'type' | 'clause'>>;

export const field = (
  name: string,
  type: FieldSpec['type'],
  clause: string,
  extra: Extra = {},
): FieldSpec => ({
  name,
  type,
  clause,
  required: false,
  description: '',
  ...extra,
});

export const prompt = (clause: string, extra: Extra = {}): FieldSpec =>
  field('prompt', 'text', clause, { required: true, description: 'What to generate.', ...extra });

export const ratioField = (name: string, clause: string, extra: Extra = {}): FieldSpec =>
  field(name, 'string', clause, { ratio: true, description: 'Aspect ratio, e.g. 16:9.', ...extra });

export const enumField = (
  name: string,
  clause: string,
  values: readonly string[],
  extra: Extra = {},
): FieldSpec => field(name, 'enum', clause, { values, ...extra });

export const bool = (name: string, clause: string, description: string, extra: Extra = {}): FieldSpec =>
  field(name, 'boolean', clause, { description, ...extra });

export const integer = (name: string, clause: string, extra: Extra = {}): FieldSpec =>
  field(name, 'integer', clause, extra);

export const imageUrls = (clause: string, media: Partial<MediaSpec>, extra: Extra = {}): FieldSpec =>
  field('image_urls', 'urls', clause, {
    media: { media: 'image', dataUrls: false, assets: false, ...media },
    minItems: 0,
    description: 'Reference images.',
    ...extra,
  });

/** [COMMON-2] families S and I3. */
export const nsfwCheck = (clause: string): FieldSpec =>
  bool('nsfw_check', clause, 'Review the prompt and images with a moderation model before generating.', {
    default: false,
  });

export const RATIOS_I2 = [
  'auto',
  '1:1',
  '16:9',
  '9:16',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '5:4',
  '4:5',
  '21:9',
] as const;
export const RESOLUTION_TIERS = ['1K', '2K', '4K'] as const;
export const VIDEO_RESOLUTIONS_V = ['540p', '720p', '1080p'] as const;

/** What most asynchronous families share: Shape A, webhook, no extra headers; each family overrides the rest. */
export const ASYNC_FAMILY = {
  ack: ['A'],
  openParameters: false,
  nsfwCheck: false,
  textOnly: false,
  webhook: true,
  headers: {},
  idempotencyKey: false,
  resultLinkLifetimeSeconds: null,
  notes: [],
} as const satisfies Partial<FamilySpec>;
