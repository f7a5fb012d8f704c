// [EP-IMAGE-0..6]: one schema per image family, producing a plan with the exact output sizes.
import { z } from 'zod';
import { invalidRequest } from '../errors';
import type { FamilyName } from '../models';
import { moderate } from '../moderation';
import { isRatio } from '../../../shared/http/ratio';
import {
  bool,
  commonFields,
  I3_SIZES,
  imageRef,
  intIn,
  oneOf,
  parseBody,
  ratio,
  requiredPrompt,
  sizeFor,
} from './common';
import type { ImageSpec, SubmissionPlan } from './plan';
import { DAY, DEFAULT_LINK_LIFETIME, SECOND } from './plan';

const TIERS = ['1K', '2K', '4K'] as const;

const i1Schema = z.looseObject({ prompt: requiredPrompt(), ...commonFields });

const xSchema = z.looseObject({
  prompt: requiredPrompt(),
  size: oneOf('size', ['1:1', '16:9', '9:16']).default('1:1'),
  steps: intIn('steps', 1, 50).default(20),
});

const i2Schema = z.looseObject({
  version: oneOf('version', ['flare', 'sunburst']).default('flare'),
  prompt: requiredPrompt(),
  resolution: oneOf('resolution', TIERS).default('1K'),
  // [EP-IMAGE-2]'s ratios, read from the spec again rather than imported from shared/catalog (RATIOS_I2): the
  // simulator is the client's independent peer, so a mistake in the catalog's list cannot hide in both.
  size: oneOf('size', [
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
  ]).default('auto'),
  n: intIn('n', 1, 4).default(1),
  image_urls: z
    .array(imageRef('image_urls'), 'image_urls must be an array')
    .max(16, 'image_urls may hold at most 16 images')
    .optional(),
  ...commonFields,
});

const i3Schema = z.looseObject({
  prompt: requiredPrompt(800),
  size: oneOf('size', ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3']).default('1:1'),
  resolution: oneOf('resolution', ['1K', '2K']).default('1K'),
  prompt_extend: bool('prompt_extend').default(false),
  ...commonFields,
});

const i4Schema = z.looseObject({
  prompt: requiredPrompt(),
  size: oneOf('size', ['16:9', '9:16']).default('16:9'),
  ...commonFields,
});

const i5Schema = z.looseObject({
  prompt: requiredPrompt(),
  size: ratio('size').default('1:1'),
  resolution: oneOf('resolution', TIERS).default('1K'),
  n: intIn('n', 1, 4).default(1),
  image_urls: z
    .array(imageRef('image_urls'), 'image_urls must be an array')
    .max(14, 'image_urls may hold at most 14 reference images')
    .optional(),
  ...commonFields,
});

const i6Schema = z.looseObject({
  prompt: requiredPrompt(),
  size: ratio('size').default('1:1'),
  resolution: oneOf('resolution', TIERS).default('1K'),
  n: intIn('n', 1, 4).default(1),
  image_urls: z.array(imageRef('image_urls'), 'image_urls must be an array').max(16).optional(),
  ...commonFields,
});

/** Field names that carry image input; family I4 is text-only and rejects every one of them. */
const IMAGE_INPUT_FIELDS = ['image_urls', 'image_url', 'image', 'images', 'reference_images', 'init_image'];

const plan = (
  model: string,
  images: ImageSpec[],
  costUsd: number,
  durationSeconds: number,
  extra: Partial<SubmissionPlan> = {},
): SubmissionPlan => ({
  kind: 'image',
  model,
  costUsd,
  durationMs: durationSeconds * SECOND,
  linkLifetimeMs: DEFAULT_LINK_LIFETIME,
  output: { kind: 'images', images },
  ack: 'A',
  errorStyle: 'generic',
  enveloped: false,
  endpoint: 'tasks',
  ...extra,
});

const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

export function planImage(
  family: FamilyName,
  model: string,
  body: Record<string, unknown>,
  shapeB: boolean,
): SubmissionPlan {
  switch (family) {
    case 'i1': {
      parseBody(i1Schema, body);
      // [EP-IMAGE-1] parameters beyond prompt are not shown: n, size and resolution are honoured when valid.
      const n = Number.isInteger(body.n) && Number(body.n) >= 1 && Number(body.n) <= 4 ? Number(body.n) : 1;
      const size = typeof body.size === 'string' && isRatio(body.size) ? body.size : '1:1';
      const tier = typeof body.resolution === 'string' ? body.resolution : '1K';
      const perImage = model === 'image_model_id_i1_pro' ? 0.05 : 0.03;
      return plan(
        model,
        times(n, () => sizeFor(size, tier)),
        perImage * n,
        model.endsWith('pro') ? 14 : 8,
        {
          ack: 'C',
        },
      );
    }
    case 'i2': {
      const b = parseBody(i2Schema, body);
      const price =
        { '1K': 0.04, '2K': 0.06, '4K': 0.1 }[b.resolution] * (b.version === 'sunburst' ? 1.5 : 1);
      const size = sizeFor(b.size === 'auto' ? '1:1' : b.size, b.resolution);
      return plan(
        model,
        times(b.n, () => size),
        price * b.n,
        (b.version === 'sunburst' ? 20 : 12) + 2 * b.n,
        {
          ack: shapeB ? 'B' : 'A',
          errorStyle: 'i2',
          enveloped: true,
        },
      );
    }
    case 'i3': {
      const b = parseBody(i3Schema, body);
      // [LIM-9] exactly one image: n is not supported at all.
      if ('n' in body)
        throw invalidRequest('n is not supported by this model: it makes exactly one image', 'n');
      if (b.nsfw_check) moderate({ texts: [b.prompt], imageUrls: [] });
      const [width, height] = I3_SIZES[b.size]?.[b.resolution] ?? [1024, 1024];
      const cost = (b.resolution === '2K' ? 0.03 : 0.02) + (b.prompt_extend ? 0.005 : 0);
      return plan(model, [{ width, height }], cost, 6);
    }
    case 'i4': {
      const b = parseBody(i4Schema, body);
      const input = IMAGE_INPUT_FIELDS.find((f) => body[f] !== undefined && body[f] !== null);
      if (input)
        throw invalidRequest(`${input}: this model is text-to-image only; image input is rejected`, input);
      const size = b.size === '16:9' ? { width: 1920, height: 1080 } : { width: 1080, height: 1920 };
      return plan(model, [size], 0.04, 10, { linkLifetimeMs: DAY });
    }
    case 'i5': {
      const b = parseBody(i5Schema, body);
      const price = { '1K': 0.035, '2K': 0.05, '4K': 0.09 }[b.resolution];
      return plan(
        model,
        times(b.n, () => sizeFor(b.size, b.resolution)),
        price * b.n,
        15,
      );
    }
    case 'i6': {
      const b = parseBody(i6Schema, body);
      return plan(
        model,
        times(b.n, () => sizeFor(b.size, b.resolution)),
        0.03 * b.n,
        9,
        { linkLifetimeMs: DAY },
      );
    }
    case 'x': {
      // The undocumented model GET /v1/models describes (routes/models.ts): prompt, an optional ratio, steps.
      const b = parseBody(xSchema, body);
      return plan(model, [sizeFor(b.size, '1K')], 0.01 + 0.001 * b.steps, 5);
    }
    default:
      throw invalidRequest(`${model} is not an image model`, 'model');
  }
}
