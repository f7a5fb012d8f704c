// Asynchronous tasks. A task's whole life is fixed at submission (start, duration, outcome) and its state
// at any instant is computed from the clock: nothing here runs on a timer.
import type { SimToken } from './accounts';
import { round6, usdToCredits } from './accounts';
import {
  CANCELLED_CODE,
  localisedMessage,
  oddStatusWord,
  statusWord,
  unknownWordOf,
  type Dialect,
} from './dialects';
import type { SimFile } from './files';
import { FileStore } from './files';
import type { LinkView } from './links';

export type TaskKind = 'image' | 'video' | 'music' | 'upscale' | 'grid';
export type AckShape = 'A' | 'B' | 'C';
export type TaskStatus = 'submitted' | 'pending' | 'processing' | 'completed' | 'failed';
/** What a music track is, which decides which operations accept it as a source ([EP-MUSIC-2], [EP-MUSIC-5]). */
export type TrackOrigin = 'extend' | 'upload' | 'generated';

export interface MusicTrack {
  title: string;
  durationSeconds: number;
  audio: SimFile;
  image: SimFile;
  video: SimFile | null;
  origin: TrackOrigin;
}

export type TaskOutput =
  | { kind: 'images'; files: SimFile[] }
  | { kind: 'videos'; files: SimFile[] }
  | { kind: 'music'; tracks: MusicTrack[] };

export interface SimTask {
  id: string;
  kind: TaskKind;
  model: string;
  token: SimToken;
  /** The state shown in the acknowledgement and until the task starts processing ([STATE-1..3]). */
  initialStatus: 'submitted' | 'pending' | 'processing';
  createdMs: number;
  /** When the task reaches completed or failed. */
  terminalMs: number;
  estimatedSeconds: number;
  costUsd: number;
  failure: { message: string; code: string } | null;
  output: TaskOutput;
  webhook: string | null;
  /** The extended image family's task query wraps the object in {code: 200, data} ([TASK-13]). */
  enveloped: boolean;
  /** Music tasks are polled on /v1/music/tasks/{id}, the rest on /v1/tasks/{id} ([EP-MUSIC-1], [EP-TASK-1]). */
  endpoint: 'tasks' | 'music';
  settled: boolean;
  /** The submitted body (without the key): lets a soak tell two submissions of one prompt apart from one. */
  body: Readonly<Record<string, unknown>>;
}

export interface TaskView {
  status: TaskStatus;
  progress: number;
}

/** [STATE-6] is not shown: the first tenth of a task's time keeps its acknowledged state at progress 0, the
 * rest is processing with progress rising linearly to 99, then completed or failed at 100. */
export function viewAt(task: SimTask, now: number): TaskView {
  if (now >= task.terminalMs) return { status: task.failure ? 'failed' : 'completed', progress: 100 };
  const fraction = (now - task.createdMs) / Math.max(1, task.terminalMs - task.createdMs);
  if (fraction < 0.1) return { status: task.initialStatus, progress: 0 };
  return { status: 'processing', progress: Math.min(99, Math.max(1, Math.floor(fraction * 100))) };
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** How a request asked for the task: the dialects on, and ?language= where the dialect honours it. */
export interface Speaking {
  dialects: ReadonlySet<Dialect>;
  language: string | null;
  /**
   * How many times this task was answered as finished before this answer (0: the first). The dialects that
   * contradict themselves once (failed-then-completed, late-results) do so on the first only.
   */
  finishedAnswers?: number;
}

const SPEC: Speaking = { dialects: new Set(), language: null };

/** A task ended by the [cancel] marker: refunded like a failure; 'cancelled' in the status-words dialect. */
export const isCancelled = (task: SimTask): boolean => task.failure?.code === CANCELLED_CODE;

/** The status word as the dialect says it: the spec's five, or the words public clients meet. */
function spokenStatus(task: SimTask, status: TaskStatus, speaking: Speaking, now: number): string {
  if (status === 'completed' && firstFinished(speaking, 'failed-then-completed')) return 'failed';
  if (speaking.dialects.has('odd-status-words')) {
    const odd = oddStatusWord(status, task.id, now >= linksExpireAt(task.output));
    if (odd) return odd;
  }
  if (!speaking.dialects.has('status-words')) return status;
  if (status === 'failed' && isCancelled(task)) return statusWord('cancelled', task.id);
  if (status === 'processing') return unknownWordOf(task.body) ?? statusWord(status, task.id);
  return statusWord(status, task.id);
}

const firstFinished = (speaking: Speaking, dialect: Dialect): boolean =>
  speaking.dialects.has(dialect) && (speaking.finishedAnswers ?? 0) === 0;

/** progress-percent: "45%", as some gateways send it. */
const spokenProgress = (progress: number, speaking: Speaking): number | string =>
  speaking.dialects.has('progress-percent') ? `${progress}%` : progress;

/** The task status object of [TASK-1..11] as it stands at `now`; links are absolute URLs under links.base. */
export function taskObject(
  task: SimTask,
  now: number,
  links: LinkView,
  speaking: Speaking = SPEC,
): Record<string, unknown> {
  const view = viewAt(task, now);
  const terminal = view.status === 'completed' || view.status === 'failed';
  const charged = view.status === 'failed' ? 0 : round6(task.costUsd);
  const body: Record<string, unknown> = {
    id: task.id,
    status: spokenStatus(task, view.status, speaking, now),
    progress: spokenProgress(view.progress, speaking),
    created: seconds(task.createdMs),
    estimated_time: task.estimatedSeconds,
    cost: charged,
    credits_cost: round6(usdToCredits(charged)),
  };
  if (terminal) {
    body.completed = seconds(task.terminalMs);
    body.actual_time = Math.max(0, seconds(task.terminalMs) - seconds(task.createdMs));
  }
  if (
    view.status === 'failed' &&
    task.failure &&
    speaking.dialects.has('policy-errors') &&
    !isCancelled(task)
  ) {
    // The real gateway's content-policy refusal: a code and a type, no message.
    body.error = { code: 451, type: 'policy' };
  } else if (view.status === 'failed' && task.failure) {
    const localised = speaking.dialects.has('localised')
      ? localisedMessage(task.failure.code, speaking.language)
      : null;
    body.error = { ...task.failure, ...(localised && { message: localised }) };
  }
  // late-results: the first answer as completed carries no links; they come with the next.
  if (view.status === 'completed' && !firstFinished(speaking, 'late-results')) {
    const relative = speaking.dialects.has('relative-links');
    body.result = resultObject(task.output, relative ? { ...links, base: '' } : links);
  }
  return body;
}

/** When the first of a task's files stops being served. */
function linksExpireAt(output: TaskOutput): number {
  const files =
    output.kind === 'music'
      ? output.tracks.flatMap((t) => [t.audio, t.image, ...(t.video ? [t.video] : [])])
      : output.files;
  return files.length === 0 ? Infinity : Math.min(...files.map((f) => f.expiresAtMs));
}

const link = (links: LinkView, file: SimFile): string =>
  `${links.base}${FileStore.path(file)}${links.signature(file)}`;

function resultObject(output: TaskOutput, links: LinkView): Record<string, unknown> {
  // expires_at as the links switch says: the entry's soonest file, or left out (links.ts).
  const expiry = (files: SimFile[]): { expires_at?: number } =>
    links.omitExpiry ? {} : { expires_at: seconds(Math.min(...files.map((f) => f.expiresAtMs))) };
  switch (output.kind) {
    case 'images':
      // [TASK-10] one entry whose url array holds every image of the task; one entry per file when lifetimes vary.
      if (links.perFile)
        return { images: output.files.map((f) => ({ url: [link(links, f)], ...expiry([f]) })) };
      return { images: [{ url: output.files.map((f) => link(links, f)), ...expiry(output.files) }] };
    case 'videos':
      // [TASK-12] entries are not shown: the simulator mirrors the image entries.
      return { videos: output.files.map((f) => ({ url: [link(links, f)], ...expiry([f]) })) };
    case 'music':
      // [TASK-10] and [EVT-5] put audio results under result.audios; their entries, the "music list" of [SRC-1],
      // are not shown: documented in electron/simulator/README.md.
      return {
        audios: output.tracks.map((t, i) => ({
          audio_index: i + 1,
          title: t.title,
          duration: t.durationSeconds,
          audio_url: link(links, t.audio),
          image_url: link(links, t.image),
          video_url: t.video ? link(links, t.video) : null,
          ...expiry([t.audio, t.image, ...(t.video ? [t.video] : [])]),
        })),
      };
  }
}

export class TaskStore {
  private readonly tasks = new Map<string, SimTask>();
  /** Only these are scanned on settlement, so a long run with many finished tasks stays cheap. */
  private readonly unsettled = new Set<SimTask>();

  add(task: SimTask): void {
    this.tasks.set(task.id, task);
    if (!task.settled) this.unsettled.add(task);
  }

  get(id: string): SimTask | undefined {
    return this.tasks.get(id);
  }

  all(): SimTask[] {
    return [...this.tasks.values()];
  }

  clear(): void {
    this.tasks.clear();
    this.unsettled.clear();
  }

  /** Tasks that became terminal at or before `now` and have not been settled yet, in time order. */
  dueForSettlement(now: number): SimTask[] {
    const due = [...this.unsettled]
      .filter((t) => t.terminalMs <= now)
      .sort((a, b) => a.terminalMs - b.terminalMs);
    for (const task of due) this.unsettled.delete(task);
    return due;
  }
}
