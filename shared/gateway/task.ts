// [TASK-1..13] The task status object, flat or inside the I2 envelope {code: 200, data} ([TASK-13]), and the
// music task endpoint whose shape is not shown ([EP-MUSIC-1]), reduced to TaskSnapshot with one ResultFile per URL.
import { z } from 'zod';
import { errorFields } from './error-body';
import { localErrorInfo } from './error-types';
import { GatewayError, invalidResponse } from './gateway-error';
import { TERMINAL_STATUSES, taskStatusSchema as statusNamesSchema } from './normalized';
import type { MediaKind, ResultFile, TaskSnapshot, TaskStatus } from './normalized';

const knownTerminal = (status: TaskStatus): boolean =>
  (TERMINAL_STATUSES as readonly TaskStatus[]).includes(status);
import { looseCode, looseId, looseNumber, unixSeconds } from './wire-values';

/** The spec's states by their own names: normalized.ts's taskStatusSchema, the one list of them. */
const STATUSES = statusNamesSchema.options;

/**
 * Words the gateway's public clients meet beside the spec's five ([STATE-6] transitions are not shown, and the
 * music endpoint's shape neither, [EP-MUSIC-1]).
 */
const STATUS_SYNONYMS: Readonly<Record<string, TaskStatus>> = {
  created: 'submitted',
  queued: 'pending',
  waiting: 'pending',
  running: 'processing',
  in_progress: 'processing',
  generating: 'processing',
  success: 'completed',
  succeeded: 'completed',
  complete: 'completed',
  failure: 'failed',
  error: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

/** A status word as one of ours, or null; case, surrounding space and '-' versus '_' are not significant. */
export function knownStatus(raw: string): TaskStatus | null {
  const word = raw.trim().toLowerCase().replaceAll('-', '_');
  const status = STATUS_SYNONYMS[word] ?? word;
  return (STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : null;
}

/** [STATE-1..5] exactly the five states, case aside: what an acknowledgement's status is read with. */
export const strictTaskStatusSchema = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(STATUSES));

/**
 * A task body's status. A word nobody knows is not guessed into a terminal state: the task is still at the
 * gateway, so it reads as processing (polled on, with backoff) and keeps the word for the screen to show.
 */
export const taskStatusSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((raw) => {
    const status = knownStatus(raw);
    return status ? { status, word: null } : { status: 'processing' as const, word: raw };
  });

const urlOrUrls = z.union([z.string(), z.array(z.string())]);

/**
 * One entry of result.images / videos / audios / music. [TASK-10] gives images {url: string[], expires_at};
 * [TASK-12] and [SRC-1] leave the rest not shown, so a bare URL string, url as a string, and the music
 * entry fields (audio_url, image_url, video_url, title, duration) are all accepted.
 */
export const resultEntrySchema = z.union([
  z.string(),
  z.looseObject({
    url: urlOrUrls.nullish(),
    audio_url: urlOrUrls.nullish(),
    video_url: urlOrUrls.nullish(),
    image_url: urlOrUrls.nullish(),
    expires_at: unixSeconds.nullish(),
    title: z.string().nullish(),
    duration: looseNumber.nullish(),
  }),
]);
export type ResultEntry = z.infer<typeof resultEntrySchema>;

export const taskResultSchema = z.looseObject({
  images: z.array(resultEntrySchema).nullish(),
  videos: z.array(resultEntrySchema).nullish(),
  audios: z.array(resultEntrySchema).nullish(),
  music: z.array(resultEntrySchema).nullish(),
});

/**
 * [TASK-11] code may be empty, a number, or missing; a bare string is taken as the message. `type` is kept when
 * given: the real gateway says a content-policy refusal as {code: 451, type: "policy"} with no message.
 */
export const taskErrorSchema = z.union([
  z.string().transform((message) => ({ message, code: '' })),
  z
    .looseObject({
      message: z.string().nullish(),
      code: looseCode.nullish(),
      type: z.string().max(200).nullish().catch(null),
    })
    .transform((e) => ({
      message: e.message ?? '',
      code: e.code ?? '',
      ...(e.type ? { type: e.type } : {}),
    })),
]);

/**
 * [TASK-3] progress: a number, or text as some gateways send it ("45", "45%", " 100 % "). Anything else is no
 * progress at all (null), never a reason to call the whole answer unreadable: a task whose every poll was
 * refused for its progress would never be seen to finish.
 */
export const progressSchema = z.unknown().transform((value): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
});

export const taskObjectSchema = z.looseObject({
  id: looseId.optional(),
  /** The music endpoint's shape is not shown: some bodies name the id task_id. */
  task_id: looseId.optional(),
  status: taskStatusSchema,
  progress: progressSchema.optional(),
  created: unixSeconds.nullish(),
  completed: unixSeconds.nullish(),
  actual_time: looseNumber.nullish(),
  estimated_time: looseNumber.nullish(),
  cost: looseNumber.nullish(),
  credits_cost: looseNumber.nullish(),
  result: taskResultSchema.nullish(),
  error: taskErrorSchema.nullish(),
});
export type TaskObject = z.infer<typeof taskObjectSchema>;

/** [TASK-13] {code: 200, data: task}; the music endpoint may also wrap a one-element list. */
export const taskEnvelopeSchema = z.looseObject({
  code: z.union([z.literal(200), z.literal('200'), z.literal('success')]),
  data: z.union([taskObjectSchema, z.tuple([taskObjectSchema]).transform(([t]) => t)]),
});

const urlsOf = (v: string | string[] | null | undefined): string[] =>
  (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((u) => u.trim() !== '');

interface Collected {
  kind: MediaKind;
  urls: string[];
}

/** What one entry yields, by the list it came from. Music-style entries can carry cover art and a video. */
function collect(list: 'images' | 'videos' | 'audios' | 'music', entry: ResultEntry): Collected[] {
  if (typeof entry === 'string') {
    const kind: MediaKind = list === 'images' ? 'image' : list === 'videos' ? 'video' : 'audio';
    return [{ kind, urls: urlsOf(entry) }];
  }
  if (list === 'images') return [{ kind: 'image', urls: [...urlsOf(entry.url), ...urlsOf(entry.image_url)] }];
  if (list === 'videos') return [{ kind: 'video', urls: [...urlsOf(entry.url), ...urlsOf(entry.video_url)] }];
  return [
    { kind: 'audio', urls: [...urlsOf(entry.url), ...urlsOf(entry.audio_url)] },
    { kind: 'image', urls: urlsOf(entry.image_url) },
    { kind: 'video', urls: urlsOf(entry.video_url) },
  ];
}

/**
 * Every downloadable URL as a ResultFile. Images are numbered across the task (an entry with url [a, b] gives
 * two files); music and audio entries keep their list position, so index + 1 is the audio_index that names the
 * track in a music operation ([SRC-1]), and a music entry's cover and video share its index.
 */
export function resultFiles(result: z.infer<typeof taskResultSchema> | null | undefined): ResultFile[] {
  if (!result) return [];
  const files: ResultFile[] = [];
  const counters: Record<MediaKind, number> = { image: 0, video: 0, audio: 0 };
  for (const list of ['images', 'videos', 'audios', 'music'] as const) {
    (result[list] ?? []).forEach((entry, position) => {
      const meta = typeof entry === 'string' ? null : entry;
      for (const { kind, urls } of collect(list, entry)) {
        urls.forEach((url, i) => {
          const perEntry = list === 'audios' || list === 'music';
          files.push({
            kind,
            url,
            expiresAt: meta?.expires_at ?? null,
            index: perEntry ? position + i : counters[kind]++,
            title: meta?.title ?? null,
            durationSeconds: meta?.duration ?? null,
          });
        });
      }
    });
  }
  return files;
}

/** [TASK-3] progress clamped to 0..100, and 100 once the task is terminal when the gateway left it out. */
function progressOf(task: TaskObject): number {
  const terminal = knownTerminal(task.status.status);
  const p = task.progress ?? (terminal ? 100 : 0);
  return Math.min(100, Math.max(0, Math.round(p)));
}

/** Words for a task that ran out of time (upstream, or its links did): terminal, not a word to wait on. */
const EXPIRED_WORDS = new Set(['expired', 'timeout', 'timed_out', 'time_out']);

/**
 * A word nobody knows is read by what the body carries: with result links it is a delivered task (a client that
 * did not know `EXPIRED` once called a billed success a timeout), an expiry word without them is the end of a
 * task that delivered nothing, and anything else is still running (processing, the word kept to show).
 */
function readWord(task: TaskObject): TaskObject {
  const word = task.status.word;
  if (word === null) return task;
  if (resultFiles(task.result).length > 0) return { ...task, status: { status: 'completed', word: null } };
  if (!EXPIRED_WORDS.has(word.trim().toLowerCase().replaceAll('-', '_'))) return task;
  const error = task.error ?? {
    message: `The gateway says the task ran out of time (${word}) and gave no result.`,
    code: word.trim().toLowerCase(),
  };
  return { ...task, status: { status: 'failed', word: null }, error };
}

export function toTaskSnapshot(read: TaskObject, fallbackId?: string): TaskSnapshot {
  const task = readWord(read);
  const id = task.id ?? task.task_id ?? fallbackId;
  if (!id) throw invalidResponse('task', 'it has no id');
  return {
    id,
    status: task.status.status,
    statusWord: task.status.word,
    progress: progressOf(task),
    created: task.created ?? null,
    completed: task.completed ?? null,
    actualTime: task.actual_time ?? null,
    estimatedTime: task.estimated_time ?? null,
    cost: task.cost ?? null,
    creditsCost: task.credits_cost ?? null,
    files: task.status.status === 'completed' ? resultFiles(task.result) : [],
    error: task.status.status === 'failed' ? (task.error ?? { message: '', code: '' }) : null,
    ...(task.status.status === 'failed' && { linksWhileFailed: resultFiles(task.result).length }),
  };
}

/** The code of a success status whose body is an error body (the message is the gateway's). */
export const ERROR_ANSWER_CODE = 'error_answer';

/**
 * A task body from /v1/tasks/{id} or /v1/music/tasks/{id}, flat or enveloped. `taskId` is the id that was
 * asked for, used only when the body leaves the id out.
 */
export function parseTask(body: unknown, taskId?: string, httpStatus: number | null = 200): TaskSnapshot {
  const flat = taskObjectSchema.safeParse(body);
  if (flat.success) return toTaskSnapshot(flat.data, taskId);
  const enveloped = taskEnvelopeSchema.safeParse(body);
  if (enveloped.success) return toTaskSnapshot(enveloped.data.data, taskId);
  // An error body under a success status says nothing about the task: a transient answer, said as such.
  const error = errorFields(body);
  if (error.message || error.type) {
    throw new GatewayError(
      localErrorInfo('invalid_response', error.message || error.type || '', {
        httpStatus,
        code: ERROR_ANSWER_CODE,
        retryable: true,
      }),
    );
  }
  throw invalidResponse('task', z.prettifyError(flat.error), httpStatus);
}

/** A link with a scheme (https:, data:) or none (/f/abc.png, f/abc.png, //cdn/abc.png). */
const hasScheme = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url.trim());

/**
 * Result links as absolute URLs: a relative one (`/f/abc.png`, as some gateways answer) is resolved against the
 * gateway's address (`base`, the normalised {base_url}), so a path prefix is kept for a link without a leading
 * slash. A link that does not resolve is left as it came, for the downloader to refuse with its sentence.
 */
export function withAbsoluteLinks(snapshot: TaskSnapshot, base: string): TaskSnapshot {
  if (snapshot.files.every((f) => hasScheme(f.url))) return snapshot;
  const root = base.endsWith('/') ? base : `${base}/`;
  const absolute = (url: string): string => {
    if (hasScheme(url)) return url;
    try {
      return new URL(url.trim(), root).href;
    } catch {
      return url;
    }
  };
  return { ...snapshot, files: snapshot.files.map((f) => ({ ...f, url: absolute(f.url) })) };
}
