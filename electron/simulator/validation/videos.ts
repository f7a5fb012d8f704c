// [EP-VIDEO-0..7]: one schema per video family. Fields the spec does not show (first/last-frame inputs of
// families other than S, audio options) pass through untouched ([EP-VIDEO-7]).
import { z } from 'zod';
import { invalidRequest } from '../errors';
import type { FamilyName } from '../models';
import { moderate } from '../moderation';
import {
  charCount,
  bool,
  commonFields,
  imageRef,
  intIn,
  mediaRef,
  oneOf,
  parseBody,
  ratio,
  requiredPrompt,
} from './common';
import type { SubmissionPlan } from './plan';
import { DEFAULT_LINK_LIFETIME, SECOND } from './plan';

const v1Schema = z.looseObject({
  prompt: requiredPrompt(),
  duration: intIn('duration', 1, 16).default(5),
  resolution: oneOf('resolution', ['540p', '720p', '1080p']).default('720p'),
  aspect_ratio: ratio('aspect_ratio').optional(),
  ...commonFields,
});

/** [EP-VIDEO-2] and [EP-VIDEO-5] say only "aspect_ratio (string)": any text that is not empty is taken. */
const anyAspectRatio = z
  .string('aspect_ratio must be a string')
  .min(1, 'aspect_ratio must not be empty')
  .optional();

const v2Schema = z.looseObject({
  prompt: requiredPrompt(),
  image_urls: z
    .array(imageRef('image_urls'), 'image_urls is required: an array of 1 to 7 image URLs')
    .min(1, 'image_urls needs at least 1 image')
    .max(7, 'image_urls may hold at most 7 images'),
  duration: intIn('duration', 1, 16).default(5),
  resolution: oneOf('resolution', ['540p', '720p', '1080p']).default('720p'),
  aspect_ratio: anyAspectRatio,
  ...commonFields,
});

const fiveOrTen = z.union([z.literal(5), z.literal(10)], 'duration must be 5 or 10').default(5);

const hSchema = z.looseObject({
  prompt: requiredPrompt(),
  duration: fiveOrTen,
  resolution: z.string('resolution must be a string').optional(),
  prompt_optimizer: bool('prompt_optimizer').optional(),
  fast_pretreatment: bool('fast_pretreatment').optional(),
  watermark: bool('watermark').optional(),
  ...commonFields,
});

const wSchema = z.looseObject({
  prompt: requiredPrompt(),
  size: ratio('size').optional(),
  resolution: oneOf('resolution', ['480p', '720p', '1080p']).default('720p'),
  duration: fiveOrTen,
  ...commonFields,
});

const kSchema = z.looseObject({
  prompt: requiredPrompt(),
  mode: z.string('mode must be a string').default('std'),
  // [EP-VIDEO-7] bounds not shown for K: the simulator accepts 1 to 60 seconds.
  duration: intIn('duration', 1, 60).default(5),
  aspect_ratio: anyAspectRatio,
  ...commonFields,
});

const sSchema = (mini: boolean) =>
  z.looseObject({
    prompt: mini
      ? z.string('prompt must be a string').optional()
      : z
          .string('prompt must be a string')
          .refine((p) => charCount(p) <= 4000, 'prompt must be at most 4000 characters')
          .optional(),
    negative_prompt: z.string('negative_prompt must be a string').optional(),
    resolution: z.string('resolution must be a string').optional(),
    size: z.string('size must be a string').optional(),
    // [EP-VIDEO-7] bounds not shown for S: the simulator accepts 1 to 60 seconds.
    duration: intIn('duration', 1, 60).default(5),
    generate_audio: bool('generate_audio').optional(),
    image_urls: z.array(imageRef('image_urls', true), 'image_urls must be an array').optional(),
    image_with_roles: z
      .array(
        z.looseObject({ url: imageRef('image_with_roles[].url', true) }),
        'image_with_roles must be an array of objects with url',
      )
      .optional(),
    first_frame_image: imageRef('first_frame_image', true).optional(),
    last_frame_image: imageRef('last_frame_image', true).optional(),
    video_urls: z.array(mediaRef('video_urls'), 'video_urls must be an array').optional(),
    audio_urls: z.array(mediaRef('audio_urls'), 'audio_urls must be an array').optional(),
    ...commonFields,
  });

/** USD per second of video: [standard, fast] pairs where a family has variants. */
const PER_SECOND: Record<string, number> = {
  video_model_id_v1_pro: 0.12,
  video_model_id_v1_turbo: 0.06,
  video_model_id_v2: 0.1,
  video_model_id_h: 0.08,
  video_model_id_w: 0.07,
  video_model_id_k: 0.07,
  video_model_id_s: 0.15,
  video_model_id_s_fast: 0.08,
  video_model_id_s_mini: 0.04,
};

function plan(model: string, seconds: number, factor = 1): SubmissionPlan {
  const fast = /turbo|fast|mini/.test(model);
  // "Minutes for video": one minute of queue and setup, then 12 s of work per second of video.
  const durationSeconds = (60 + 12 * seconds) * (fast ? 0.5 : 1);
  return {
    kind: 'video',
    model,
    costUsd: (PER_SECOND[model] ?? 0.1) * seconds * factor,
    durationMs: durationSeconds * SECOND,
    linkLifetimeMs: DEFAULT_LINK_LIFETIME,
    output: { kind: 'videos', count: 1 },
    ack: 'A',
    errorStyle: 'generic',
    enveloped: false,
    endpoint: 'tasks',
  };
}

const RESOLUTION_FACTOR: Record<string, number> = { '480p': 0.7, '540p': 0.8, '720p': 1, '1080p': 1.5 };

export function planVideo(family: FamilyName, model: string, body: Record<string, unknown>): SubmissionPlan {
  switch (family) {
    case 'v1': {
      const b = parseBody(v1Schema, body);
      return plan(model, b.duration, RESOLUTION_FACTOR[b.resolution]);
    }
    case 'v2': {
      const b = parseBody(v2Schema, body);
      return plan(model, b.duration, RESOLUTION_FACTOR[b.resolution]);
    }
    case 'h':
      return plan(model, parseBody(hSchema, body).duration);
    case 'w': {
      const b = parseBody(wSchema, body);
      return plan(model, b.duration, RESOLUTION_FACTOR[b.resolution]);
    }
    case 'k': {
      const b = parseBody(kSchema, body);
      // [EP-VIDEO-5] std is standard 720P; any other mode is professional 1080P at twice the price.
      return plan(model, b.duration, b.mode === 'std' ? 1 : 2);
    }
    case 's': {
      const b = parseBody(sSchema(model === 'video_model_id_s_mini'), body);
      const imageInputs = [
        ...(b.image_urls ?? []),
        ...(b.image_with_roles ?? []).map((r) => r.url),
        b.first_frame_image,
        b.last_frame_image,
      ].filter((u): u is string => typeof u === 'string');
      const hasReference =
        imageInputs.length > 0 || (b.video_urls?.length ?? 0) > 0 || (b.audio_urls?.length ?? 0) > 0;
      if ((b.prompt === undefined || b.prompt.trim() === '') && !hasReference) {
        throw invalidRequest('prompt is required for text-to-video', 'prompt');
      }
      // [EP-VIDEO-NSFW-1..3]: text and image inputs only; video and audio inputs are never reviewed.
      if (b.nsfw_check) moderate({ texts: [b.prompt, b.negative_prompt], imageUrls: imageInputs });
      return plan(model, b.duration);
    }
    default:
      throw invalidRequest(`${model} is not a video model`, 'model');
  }
}
