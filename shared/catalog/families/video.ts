// [EP-VIDEO-0..7] The video families, all POST /v1/videos/generations, Shape A, polled on /v1/tasks/{id}.
// [EP-VIDEO-7] every video family takes parameters the spec does not show (first/last-frame and audio inputs of
// families other than S), so unknown fields pass through (openParameters) and only the shown ones are checked.
import type { FamilySpec, MediaSpec } from '../types';
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
  VIDEO_RESOLUTIONS_V,
} from '../field-builders';

const base = {
  ...ASYNC_FAMILY,
  kind: 'video',
  results: ['video'],
  path: '/v1/videos/generations',
  taskEndpoint: 'tasks',
  openParameters: true,
} as const satisfies Partial<FamilySpec>;

// A video form starts filled: the spec shows no defaults for these, so the studio's are the shortest usual take
// (5 s), the middle resolution and a landscape ratio, each one of the choices the field offers. Where the spec
// names the values, they are offered as choices (radio buttons), never a free-text box to get wrong.
const DEFAULT_SECONDS = 5;
const duration1to16 = (clause: string) =>
  integer('duration', clause, {
    min: 1,
    max: 16,
    default: DEFAULT_SECONDS,
    description: 'Length in seconds (1 to 16).',
  });
const duration5or10 = (clause: string) =>
  integer('duration', clause, {
    values: [5, 10],
    default: DEFAULT_SECONDS,
    description: 'Length in seconds: 5 or 10.',
  });
/**
 * The common ratios, offered as choices; "Other…" takes any other value the family's clause allows. The spec names
 * no list for any video family, so the choices are a shortcut, never the rule.
 */
const VIDEO_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;
const ratioOptions = { choices: VIDEO_RATIOS, default: '16:9', description: 'Aspect ratio.' } as const;
/** [EP-VIDEO-1] aspect_ratio and [EP-VIDEO-4] size are a "string ratio": another value must be a ratio (4:5, 2.39:1). */
const ratioChoice = (name: string, clause: string) => ratioField(name, clause, ratioOptions);
/** A bound for a free value with no length in the spec: longer than any ratio or word a gateway takes. */
const OPEN_RATIO_MAX = 40;
/**
 * [EP-VIDEO-2] and [EP-VIDEO-5] say only "aspect_ratio (string)": another value may be any text that is not blank
 * (the gateway says what it refuses), so the studio does not narrow the field to ratios where the spec does not.
 */
const ratioChoiceOpen = (name: string, clause: string) =>
  field(name, 'string', clause, { ...ratioOptions, nonBlank: true, maxLength: OPEN_RATIO_MAX });

const S_MEDIA = (media: MediaSpec['media']): MediaSpec => ({
  media,
  // [EP-VIDEO-NSFW-1] base64 images are converted to a public URL by the service, so data URLs are accepted.
  dataUrls: media === 'image',
  assets: true,
});

export const VIDEO_FAMILIES: readonly FamilySpec[] = [
  {
    ...base,
    id: 'video.v1',
    label: 'Video V1',
    clause: '[EP-VIDEO-1]',
    variants: [
      { key: 'pro', label: 'Pro', defaultModelId: 'video_model_id_v1_pro' },
      { key: 'turbo', label: 'Turbo', defaultModelId: 'video_model_id_v1_turbo' },
    ],
    fields: [
      prompt('[EP-VIDEO-1]'),
      duration1to16('[LIM-11]'),
      enumField('resolution', '[EP-VIDEO-1]', VIDEO_RESOLUTIONS_V, {
        default: '720p',
        description: 'Output resolution.',
      }),
      ratioChoice('aspect_ratio', '[EP-VIDEO-1]'),
    ],
    notes: ['Text-to-video, image-to-video and first/last-frame modes; audio is on by default.'],
  },
  {
    ...base,
    id: 'video.v2',
    label: 'Video V2 (reference-to-video)',
    clause: '[EP-VIDEO-2]',
    variants: [{ key: 'default', label: 'V2', defaultModelId: 'video_model_id_v2' }],
    fields: [
      prompt('[EP-VIDEO-2]'),
      imageUrls(
        '[LIM-10]',
        {},
        {
          required: true,
          minItems: 1,
          maxItems: 7,
          description: '1 to 7 reference image URLs.',
        },
      ),
      duration1to16('[LIM-11]'),
      enumField('resolution', '[EP-VIDEO-2]', VIDEO_RESOLUTIONS_V, {
        default: '720p',
        description: 'Output resolution.',
      }),
      ratioChoiceOpen('aspect_ratio', '[EP-VIDEO-2]'),
    ],
  },
  {
    ...base,
    id: 'video.h',
    label: 'Video H',
    clause: '[EP-VIDEO-3]',
    variants: [{ key: 'default', label: 'H', defaultModelId: 'video_model_id_h' }],
    fields: [
      prompt('[EP-VIDEO-3]'),
      duration5or10('[LIM-11]'),
      field('resolution', 'string', '[EP-VIDEO-3]', {
        examples: ['768p', '1080p'],
        description: 'Output resolution.',
      }),
      bool('prompt_optimizer', '[EP-VIDEO-3]', 'Let the model optimise the prompt.'),
      bool('fast_pretreatment', '[EP-VIDEO-3]', 'Faster pre-processing.'),
      bool('watermark', '[EP-VIDEO-3]', 'Add a watermark.'),
    ],
    notes: ['Text-to-video and image-to-video with first or last frame.'],
  },
  {
    ...base,
    id: 'video.w',
    label: 'Video W',
    clause: '[EP-VIDEO-4]',
    variants: [{ key: 'default', label: 'W', defaultModelId: 'video_model_id_w' }],
    fields: [
      prompt('[EP-VIDEO-4]'),
      ratioChoice('size', '[EP-VIDEO-4]'),
      enumField('resolution', '[EP-VIDEO-4]', ['480p', '720p', '1080p'], {
        default: '720p',
        description: 'Output resolution.',
      }),
      duration5or10('[LIM-11]'),
    ],
    notes: ['Automatic prompt extension, automatic and custom audio; text-to-video and image-to-video.'],
  },
  {
    ...base,
    id: 'video.k',
    label: 'Video K',
    clause: '[EP-VIDEO-5]',
    variants: [{ key: 'default', label: 'K', defaultModelId: 'video_model_id_k' }],
    fields: [
      prompt('[EP-VIDEO-5]'),
      // The professional mode's exact value is not shown: free text, 'std' and 'pro' suggested.
      field('mode', 'string', '[EP-VIDEO-5]', {
        examples: ['std', 'pro'],
        description: 'std = standard 720P; another value = professional 1080P.',
      }),
      // Duration bounds are not shown for K: any positive whole number of seconds.
      integer('duration', '[EP-VIDEO-5]', {
        min: 1,
        default: DEFAULT_SECONDS,
        description: 'Length in seconds.',
      }),
      ratioChoiceOpen('aspect_ratio', '[EP-VIDEO-5]'),
    ],
    notes: [
      'First-frame and first/last-frame control; professional mode supports automatic audio and voices.',
    ],
  },
  {
    ...base,
    id: 'video.s',
    label: 'Video S',
    clause: '[EP-VIDEO-6]',
    variants: [
      { key: 'standard', label: 'Standard', defaultModelId: 'video_model_id_s' },
      { key: 'fast', label: 'Fast', defaultModelId: 'video_model_id_s_fast' },
      { key: 'mini', label: 'Mini', defaultModelId: 'video_model_id_s_mini', noPromptLimit: true },
    ],
    fields: [
      // Required for text-to-video only: familySchema enforces it unless an image or video input is present.
      prompt('[EP-VIDEO-6]', {
        required: false,
        maxLength: 4000,
        description: 'What to generate (500 characters recommended). Required without image or video input.',
      }),
      field('negative_prompt', 'text', '[EP-VIDEO-6]', { description: 'What to avoid.' }),
      // [EP-VIDEO-7] bounds of resolution, size and duration are not shown: free values, common ones suggested.
      field('resolution', 'string', '[EP-VIDEO-6]', {
        examples: ['480p', '720p', '1080p'],
        description: 'Output resolution.',
      }),
      ratioField('size', '[EP-VIDEO-6]', {
        examples: ['16:9', '9:16', '1:1', '21:9', 'adaptive'],
        description: 'Landscape, portrait, square, ultra-wide or adaptive.',
      }),
      integer('duration', '[EP-VIDEO-6]', { min: 1, description: 'Length in seconds.' }),
      bool('generate_audio', '[EP-VIDEO-6]', 'Generate an audio track.'),
      nsfwCheck('[EP-VIDEO-6]'),
      imageUrls('[EP-VIDEO-6]', { dataUrls: true, assets: true }, { description: 'Reference images.' }),
      field('image_with_roles', 'image-roles', '[EP-VIDEO-6]', {
        media: S_MEDIA('image'),
        description: 'Reference images, each with a role (role values not shown in the spec).',
      }),
      field('first_frame_image', 'url', '[EP-VIDEO-6]', {
        media: S_MEDIA('image'),
        description: 'First frame.',
      }),
      field('last_frame_image', 'url', '[EP-VIDEO-6]', {
        media: S_MEDIA('image'),
        description: 'Last frame.',
      }),
      field('video_urls', 'urls', '[EP-VIDEO-6]', {
        media: S_MEDIA('video'),
        description: 'Reference videos.',
      }),
      field('audio_urls', 'urls', '[EP-VIDEO-6]', {
        media: S_MEDIA('audio'),
        description: 'Reference audio.',
      }),
    ],
    nsfwCheck: true,
    notes: [
      'With nsfw_check, flagged text or images are refused at once, with no task and no charge.',
      'Videos and audio are never reviewed.',
    ],
  },
];
