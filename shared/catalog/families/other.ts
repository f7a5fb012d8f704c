// Music operations [EP-MUSIC-1..5], grid upscale [EP-GRID-1] and speech [EP-SPEECH-1].
import type { FamilySpec, FieldSpec } from '../types';
import { ASYNC_FAMILY, field, integer } from '../field-builders';
import { SPEECH_FORMATS, SPEECH_INPUT_LIMIT, SPEECH_SPEED_ABOVE } from '../speech-rules';

const MUSIC_MODEL = [{ key: 'default', label: 'Music', defaultModelId: 'music_model_id' }] as const;

// [SRC-1] the source track: the producing task's id and the 1-based position in its music list.
const sourceTrack: readonly FieldSpec[] = [
  field('task_id', 'string', '[SRC-1]', {
    required: true,
    description: 'The task that produced the source track.',
  }),
  integer('audio_index', '[SRC-1]', {
    min: 1,
    default: 1,
    description: "1-based position in that task's music list.",
  }),
];

const music = {
  ...ASYNC_FAMILY,
  kind: 'music',
  // [EP-MUSIC-2..5] a music operation answers a music list: tracks another operation can take.
  results: ['track'],
  taskEndpoint: 'music',
  variants: MUSIC_MODEL,
} as const satisfies Partial<FamilySpec>;

export const OTHER_FAMILIES: readonly FamilySpec[] = [
  {
    ...music,
    id: 'music.concat',
    label: 'Music: join extended song',
    clause: '[EP-MUSIC-2]',
    path: '/v1/music/generations/concat',
    fields: sourceTrack,
    notes: ['The source must come from an extend operation; anything else is refused at submission.'],
  },
  {
    ...music,
    id: 'music.generateMp4',
    label: 'Music: music video',
    clause: '[EP-MUSIC-3]',
    path: '/v1/music/generations/generateMp4',
    // [EP-MUSIC-3] its result is the music video, not a track.
    results: ['video'],
    fields: sourceTrack,
  },
  {
    ...music,
    id: 'music.adjustSpeed',
    label: 'Music: change speed',
    clause: '[EP-MUSIC-4]',
    path: '/v1/music/generations/adjustSpeed',
    fields: [
      ...sourceTrack,
      // The allowed range is not shown: any speed above zero goes, and the gateway has the last word.
      field('speed', 'number', '[EP-MUSIC-4]', {
        required: true,
        min: 0,
        exclusiveMin: true,
        description: 'Playback speed factor (pitch unchanged), e.g. 1.25.',
      }),
    ],
  },
  {
    ...music,
    id: 'music.addInstrumental',
    label: 'Music: add accompaniment',
    clause: '[EP-MUSIC-5]',
    path: '/v1/music/generations/addInstrumental',
    fields: [
      ...sourceTrack,
      // [VER-4] only one example value exists and it is not shown: free text.
      field('version', 'string', '[EP-MUSIC-5]', { description: 'Model version.' }),
      field('tags', 'string', '[EP-MUSIC-5]', {
        description: 'Style of the accompaniment, e.g. "acoustic, warm".',
      }),
    ],
    notes: ['The source must be your own track created through an upload task.'],
  },
  {
    ...music,
    id: 'grid.upscale',
    label: 'Grid upscale',
    kind: 'upscale',
    results: ['image'],
    clause: '[EP-GRID-1]',
    path: '/v1/gridimg/generations/upscale',
    taskEndpoint: 'tasks',
    variants: [],
    fields: [
      field('task_id', 'string', '[EP-GRID-1]', {
        required: true,
        description: 'A completed four-image grid task.',
      }),
      integer('index', '[EP-GRID-1]', {
        required: true,
        min: 1,
        max: 4,
        description: 'Which image: U1 to U4.',
      }),
      // [EP-GRID-1] shows 'fast' (the default here, the one value the spec shows) and says other values are not
      // shown; the studio offers fast or normal as a choice, never free text.
      field('speed', 'enum', '[EP-GRID-1]', {
        values: ['fast', 'normal'],
        default: 'fast',
        description: 'Processing speed: fast or normal.',
      }),
    ],
    notes: ['Composed locally: usually finished at once.'],
  },
  {
    ...music,
    id: 'speech',
    label: 'Speech',
    kind: 'speech',
    results: [],
    clause: '[EP-SPEECH-1]',
    path: '/v1/audio/speech',
    taskEndpoint: null,
    ack: [],
    variants: [{ key: 'default', label: 'Speech', defaultModelId: 'speech_model_id' }],
    fields: [
      field('input', 'text', '[LIM-7]', {
        required: true,
        maxLength: SPEECH_INPUT_LIMIT,
        description: 'The text to speak.',
      }),
      // Voice values, defaults and speed bounds are not shown.
      field('voice', 'string', '[EP-SPEECH-1]', { description: 'Voice name.' }),
      field('response_format', 'enum', '[EP-SPEECH-1]', {
        values: SPEECH_FORMATS,
        description: 'Audio format.',
      }),
      field('speed', 'number', '[EP-SPEECH-1]', {
        min: SPEECH_SPEED_ABOVE,
        exclusiveMin: true,
        description: 'Speaking speed.',
      }),
    ],
    webhook: false,
    notes: ['Synchronous: the audio comes back at once.'],
  },
];
