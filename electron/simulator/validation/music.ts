// [EP-MUSIC-1..5], [SRC-1] and [EP-GRID-1]: operations on an existing task's results.
import { z } from 'zod';
import type { SimToken } from '../accounts';
import { forbidden, invalidRequest, notFound } from '../errors';
import { GRID_UPSCALE_MODEL } from '../models';
import type { RouteContext } from '../routes/context';
import { viewAt, type MusicTrack, type SimTask } from '../tasks';
import { commonFields, intIn, parseBody } from './common';
import type { SubmissionPlan } from './plan';
import { DEFAULT_LINK_LIFETIME, SECOND } from './plan';

export const MUSIC_OPERATIONS = ['concat', 'generateMp4', 'adjustSpeed', 'addInstrumental'] as const;
export type MusicOperation = (typeof MUSIC_OPERATIONS)[number];

const source = {
  model: z.literal('music_model_id', 'model must be music_model_id'),
  task_id: z.string('task_id is required and must be a string').min(1, 'task_id must not be empty'),
  audio_index: z
    .number('audio_index must be an integer')
    .int('audio_index must be an integer')
    .min(1, 'audio_index is 1-based')
    .default(1),
  ...commonFields,
};

const SCHEMAS = {
  // [EP-MUSIC-2] version is discarded: accepted whatever it holds.
  concat: z.looseObject(source),
  generateMp4: z.looseObject(source),
  // [EP-MUSIC-4] the range is not shown: the simulator accepts 0.5 to 2.0.
  adjustSpeed: z.looseObject({
    ...source,
    speed: z
      .number('speed is required and must be a number')
      .min(0.5, 'speed must be between 0.5 and 2')
      .max(2, 'speed must be between 0.5 and 2'),
  }),
  addInstrumental: z.looseObject({
    ...source,
    version: z.string('version must be a string').optional(),
    tags: z.string('tags must be a string').optional(),
  }),
} as const;

const PRICE: Record<MusicOperation, number> = {
  concat: 0.02,
  generateMp4: 0.03,
  adjustSpeed: 0.01,
  addInstrumental: 0.04,
};
const SECONDS: Record<MusicOperation, number> = {
  concat: 30,
  generateMp4: 90,
  adjustSpeed: 20,
  addInstrumental: 60,
};

/** A completed task of the caller's own user, or the spec's 404 / 403 / 400. */
function sourceTask(ctx: RouteContext, token: SimToken, id: string, what: string): SimTask {
  const task = ctx.state.tasks.get(id);
  if (!task) throw notFound(`No ${what} with id ${id}.`);
  if (task.token.user !== token.user) throw forbidden(`The ${what} ${id} belongs to another user.`);
  if (viewAt(task, ctx.state.now()).status !== 'completed') {
    throw invalidRequest(`The ${what} ${id} has not completed successfully.`, 'task_id');
  }
  return task;
}

function sourceTrack(ctx: RouteContext, token: SimToken, taskId: string, audioIndex: number): MusicTrack {
  const task = sourceTask(ctx, token, taskId, 'music task');
  if (task.output.kind !== 'music') throw invalidRequest(`Task ${taskId} is not a music task.`, 'task_id');
  const track = task.output.tracks[audioIndex - 1];
  if (!track) {
    throw invalidRequest(
      `audio_index ${audioIndex} is out of range: the task has ${task.output.tracks.length} tracks.`,
      'audio_index',
    );
  }
  return track;
}

export function planMusic(
  ctx: RouteContext,
  token: SimToken,
  op: MusicOperation,
  body: Record<string, unknown>,
): SubmissionPlan {
  const b = parseBody(SCHEMAS[op], body);
  const track = sourceTrack(ctx, token, b.task_id, b.audio_index);
  if (op === 'concat' && track.origin !== 'extend') {
    throw invalidRequest(
      'concat needs a track produced by an extend operation; this source is not an extend product.',
      'task_id',
    );
  }
  if (op === 'addInstrumental' && track.origin !== 'upload') {
    throw invalidRequest(
      'addInstrumental needs a track of your own upload task; this source was not uploaded.',
      'task_id',
    );
  }
  const title = {
    concat: 'full song',
    generateMp4: 'music video',
    adjustSpeed: 'speed adjusted',
    addInstrumental: 'with instrumental',
  }[op];
  return {
    kind: 'music',
    model: 'music_model_id',
    costUsd: PRICE[op],
    durationMs: SECONDS[op] * SECOND,
    linkLifetimeMs: DEFAULT_LINK_LIFETIME,
    output: {
      kind: 'music',
      tracks: [{ title: `${track.title} (${title})`, origin: 'generated', withVideo: op === 'generateMp4' }],
    },
    ack: 'A',
    errorStyle: 'generic',
    enveloped: false,
    endpoint: 'music',
  };
}

const upscaleSchema = z.looseObject({
  task_id: z.string('task_id is required and must be a string').min(1, 'task_id must not be empty'),
  index: intIn('index', 1, 4),
  // [EP-GRID-1] only fast is shown; normal and relax are accepted as the slower, plausible alternatives.
  speed: z.enum(['fast', 'normal', 'relax'], 'speed must be fast, normal or relax').default('fast'),
  ...commonFields,
});

export function planGridUpscale(
  ctx: RouteContext,
  token: SimToken,
  body: Record<string, unknown>,
): SubmissionPlan {
  const b = parseBody(upscaleSchema, body);
  const grid = sourceTask(ctx, token, b.task_id, 'grid task');
  if (grid.kind !== 'grid')
    throw invalidRequest(`Task ${b.task_id} is not a four-image grid task.`, 'task_id');
  const column = (b.index - 1) % 2;
  const row = Math.floor((b.index - 1) / 2);
  return {
    kind: 'upscale',
    model: GRID_UPSCALE_MODEL,
    costUsd: 0.01,
    durationMs: (b.speed === 'fast' ? 1 : 5) * SECOND,
    linkLifetimeMs: DEFAULT_LINK_LIFETIME,
    // Composed locally from the chosen quadrant: U1 top left, U2 top right, U3 bottom left, U4 bottom right.
    output: {
      kind: 'images',
      images: [
        {
          width: 1024,
          height: 1024,
          paint: { kind: 'quadrant', seed: gridSeed(grid.id), column, row },
        },
      ],
    },
    ack: 'A',
    errorStyle: 'generic',
    enveloped: false,
    endpoint: 'tasks',
  };
}

/** The grid image's painter seed, shared by the grid task's own PNG and its upscales. */
export const gridSeed = (taskId: string): number => [...taskId].reduce((s, c) => s + c.charCodeAt(0), 0);
