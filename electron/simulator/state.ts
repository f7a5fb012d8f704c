// The simulator's world: accounts, tasks, files, ledger and the clock they all read. Routes call into it;
// the server wraps it in HTTP.
import { Accounts, type SimToken } from './accounts';
import { CANCEL_MARKER, CANCELLED_CODE, Dialects } from './dialects';
import type { SimClock, SimTimer } from './clock';
import { FileStore, type FileSource, type SimFile } from './files';
import { IdempotencyStore } from './idempotency';
import type { UploadOptions } from './routes/uploads';
import type { ModelListMode } from './routes/models';
import { DEFAULT_LINKS, timeFiles, trickled, type LinkOptions, type LinkView } from './links';
import type { Reply } from './http-util';
import { Ledger, seedHistory } from './ledger';
import type { Fixtures } from './media/fixtures';
import { painterOf, type PaintRecipe } from './media/paint-recipe';
import { renderPng } from './media/png';
import { damagedPicture, editResultPng } from './media/edit-result';
import { createPrng, type Prng } from './prng';
import { type MusicTrack, type SimTask, type TaskOutput, TaskStore } from './tasks';
import type { SubmissionPlan } from './validation/plan';

export interface StateOptions {
  clock: SimClock;
  seed: number;
  timeScale: number;
  fixtures: Fixtures;
}

const FAIL_MARKER = '[fail]';
const FAIL_ONCE_MARKER = '[fail-once]';

/** What ends a task before its result: the [fail] marker, or [cancel] (ended as cancelled, refunded). */
function failureOf(text: string): { message: string; code: string } | null {
  if (text.includes(CANCEL_MARKER)) return { message: 'The task was cancelled.', code: CANCELLED_CODE };
  if (text.includes(FAIL_MARKER)) {
    return {
      message: 'Generation failed upstream: the prompt carried the [fail] marker.',
      code: 'generation_failed',
    };
  }
  return null;
}
/** Nominal duration of music.mp3, reported as every track's duration because it is the real file's. */
export const MUSIC_FIXTURE_SECONDS = 3.03;

export class SimState {
  readonly clock: SimClock;
  readonly seed: number;
  readonly timeScale: number;
  readonly fixtures: Fixtures;
  readonly accounts = new Accounts();
  readonly tasks = new TaskStore();
  readonly ledger = new Ledger();
  readonly files: FileStore;
  readonly idempotency = new IdempotencyStore();
  /** The dialects the whole simulator speaks (dialects.ts); off by default: the spec. */
  readonly dialects = new Dialects();
  /** Replaced when a saved state is restored (ids continue where they stopped). */
  prng: Prng;
  /** Set once the server listens; links and poll URLs are absolute under it. */
  baseUrl = '';
  /** Where result files are served when links.host is 'separate' (set once that server listens). */
  filesUrl = '';
  /** How result links are handed out (links.ts); set by tests and the CLI, not kept across restarts. */
  links: Required<LinkOptions> = { ...DEFAULT_LINKS };
  /** Signatures handed out per file id while links.revoke is on (links.ts); not kept across restarts. */
  private readonly signatures = new Map<string, number>();
  /** POST /v1/uploads/images (routes/uploads.ts): off by default, as the spec does not list it. */
  uploads: UploadOptions = { offered: false, brokenLinks: false };
  /** GET /v1/models?expand=parameters (routes/models.ts): off by default, as the spec does not list it. */
  modelList: ModelListMode = 'off';
  /** Upload requests received, offered or not: tests count that a client asked once. */
  uploadRequests = 0;
  private readonly terminalListeners: ((task: SimTask) => void)[] = [];
  private readonly changeListeners: (() => void)[] = [];
  /** Cancelled on close, so a clock shared with a test holds no timers of a stopped simulator. */
  private readonly settleTimers = new Set<SimTimer>();

  constructor(options: StateOptions) {
    this.clock = options.clock;
    this.seed = options.seed;
    this.timeScale = options.timeScale;
    this.fixtures = options.fixtures;
    this.prng = createPrng(options.seed);
    this.files = new FileStore(
      () => `f${this.prng.hex(12)}`,
      (source) => this.render(source),
    );
    seedHistory(this.ledger, this.accounts, createPrng(options.seed ^ 0x5eed), this.clock.now(), [
      'tok-default',
      'tok-default2',
      'tok-other',
      'tok-unlimited',
      'tok-empty',
    ]);
  }

  now(): number {
    return this.clock.now();
  }

  /** Durations, link lifetimes, windows and retry delays all shrink with --time-scale. */
  scaled(ms: number): number {
    return Math.max(1, Math.round(ms * this.timeScale));
  }

  onTerminal(listener: (task: SimTask) => void): void {
    this.terminalListeners.push(listener);
  }

  /** Told after anything a restart must keep changed: a task, a charge, a ledger row. */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Settlement timers for tasks restored from a saved state (what createTask schedules for new ones). */
  scheduleSettlement(task: SimTask): void {
    if (task.settled) return;
    const timer = this.clock.schedule(Math.max(0, task.terminalMs - this.now()), () => {
      this.settleTimers.delete(timer);
      this.settle();
    });
    this.settleTimers.add(timer);
  }

  /** How many times each task was answered as finished (for the dialects that contradict themselves once). */
  readonly #finishedAnswers = new Map<string, number>();

  /** The number of earlier answers of this task as finished, counting this one for the next caller. */
  answeredFinished(taskId: string): number {
    const n = this.#finishedAnswers.get(taskId) ?? 0;
    this.#finishedAnswers.set(taskId, n + 1);
    return n;
  }

  /** Files asked for at least once (files-not-ready refuses the first ask of each). */
  readonly #fetched = new Set<string>();
  /** Bodies that carried [fail-once] and failed: sent again, each succeeds. */
  readonly #failedOnce = new Set<string>();

  /** Whether this is the first ask for the file, remembering that it was asked. */
  firstFetch(fileId: string): boolean {
    if (this.#fetched.has(fileId)) return false;
    this.#fetched.add(fileId);
    return true;
  }

  /**
   * The [fail-once] marker: the first task of a body fails as [fail] does, the same body sent again succeeds (a
   * failure that trying again mends, for a retry to be seen through). Not kept in a saved state.
   */
  #failOnce(text: string): { message: string; code: string } | null {
    if (!text.includes(FAIL_ONCE_MARKER) || this.#failedOnce.has(text)) return null;
    this.#failedOnce.add(text);
    return {
      message:
        'Generation failed upstream: the prompt carried the [fail-once] marker (sent again, it succeeds).',
      code: 'generation_failed',
    };
  }

  newTaskId(prefix: string): string {
    return `${prefix}_${this.prng.hex(24)}`;
  }

  /** Creates the task, pre-charges it (a failure refunds at settlement) and registers its future files. */
  createTask(
    token: SimToken,
    plan: SubmissionPlan,
    body: Record<string, unknown>,
    webhook: string | null,
  ): SimTask {
    const now = this.now();
    const text = JSON.stringify(body);
    const failure = failureOf(text) ?? this.#failOnce(text);
    const failing = failure !== null;
    // A task planned to take no time (inline-result) is finished the instant it is made.
    const duration = plan.durationMs === 0 ? 0 : this.scaled(plan.durationMs);
    const terminalMs = now + (failing ? Math.round(duration / 2) : duration);
    const expiresAtMs = terminalMs + this.scaled(plan.linkLifetimeMs);
    const id = this.newTaskId(plan.endpoint === 'music' ? 'music' : 'task');
    const output = failing
      ? emptyOutput(plan)
      : this.makeOutput(plan, terminalMs, expiresAtMs, Number.parseInt(id.slice(-6), 16));
    if (!failing) timeFiles(output, this.links, terminalMs, (ms) => this.scaled(ms));
    const task: SimTask = {
      id,
      kind: plan.kind,
      model: plan.model,
      token,
      initialStatus: plan.ack === 'A' ? 'submitted' : plan.ack === 'B' ? 'pending' : 'processing',
      createdMs: now,
      terminalMs,
      estimatedSeconds: Math.max(1, Math.ceil(duration / 1000)),
      costUsd: plan.costUsd,
      failure,
      output,
      webhook,
      enveloped: plan.enveloped,
      endpoint: plan.endpoint,
      settled: false,
      body,
    };
    this.accounts.charge(token, plan.costUsd);
    this.tasks.add(task);
    // Settles at the terminal instant itself (books the charge, sends the webhook); a manual clock fires
    // this while advancing, so webhooks go out at the right simulated time.
    this.scheduleSettlement(task);
    this.changed();
    return task;
  }

  /** How the task objects write their links right now. */
  linkView(): LinkView {
    const separate = this.links.host === 'separate' && this.filesUrl !== '';
    return {
      base: separate ? this.filesUrl : this.baseUrl,
      perFile: this.links.expiry === 'varied',
      omitExpiry: this.links.expiry === 'missing',
      signature: (file) => {
        if (this.links.revoke === 0) return '';
        const n = (this.signatures.get(file.id) ?? 0) + 1;
        this.signatures.set(file.id, n);
        return `?sig=${n}`;
      },
    };
  }

  /** GET /files/<id>/…: the file, unless its link's signature was revoked (links.revoke). */
  serveFile(id: string, range: string | undefined, signature: number | null): Reply {
    const reply = this.files.serve(
      id,
      this.now(),
      range,
      { signature, revokedUpTo: this.links.revoke },
      (file, bytes) => damagedPicture(this.links.damage, file, bytes),
    );
    return trickled(reply, this.links.bytesPerSecond);
  }

  stop(): void {
    for (const timer of this.settleTimers) timer.cancel();
    this.settleTimers.clear();
  }

  /** Settles every task that has become terminal: refunds failures, books completions, tells listeners. */
  settle(): void {
    const due = this.tasks.dueForSettlement(this.now());
    for (const task of due) {
      task.settled = true;
      if (task.failure) this.accounts.refund(task.token, task.costUsd);
      else this.ledger.add(task.token, task.model, task.terminalMs, task.costUsd);
      for (const listener of this.terminalListeners) listener(task);
    }
    if (due.length > 0) this.changed();
  }

  private render(source: FileSource): Buffer {
    if (source.kind === 'bytes') return Buffer.from(source.base64, 'base64');
    if (source.kind === 'edit')
      return (
        editResultPng(source.base64, source.seed) ??
        renderPng(source.width, source.height, painterOf({ kind: 'gradient', seed: source.seed }))
      );
    return source.kind === 'png'
      ? renderPng(source.width, source.height, painterOf(source.paint))
      : this.fixtures.get(source.name);
  }

  imageFile(
    name: string,
    width: number,
    height: number,
    from: number,
    until: number,
    paint: PaintRecipe = { kind: 'gradient', seed: 1 },
  ): SimFile {
    return this.files.add({
      name,
      contentType: 'image/png',
      availableFromMs: from,
      expiresAtMs: until,
      source: { kind: 'png', width, height, paint },
    });
  }

  fixtureFile(name: 'music.mp3' | 'video.mp4', as: string, from: number, until: number): SimFile {
    return this.files.add({
      name: as,
      contentType: name.endsWith('.mp4') ? 'video/mp4' : 'audio/mpeg',
      availableFromMs: from,
      expiresAtMs: until,
      source: { kind: 'fixture', name },
    });
  }

  musicTrack(
    title: string,
    origin: MusicTrack['origin'],
    withVideo: boolean,
    from: number,
    until: number,
    seed: number,
  ): MusicTrack {
    return {
      title,
      origin,
      durationSeconds: MUSIC_FIXTURE_SECONDS,
      audio: this.fixtureFile('music.mp3', 'track.mp3', from, until),
      image: this.imageFile('cover.png', 512, 512, from, until, { kind: 'gradient', seed }),
      video: withVideo ? this.fixtureFile('video.mp4', 'track.mp4', from, until) : null,
    };
  }

  private makeOutput(plan: SubmissionPlan, from: number, until: number, seed: number): TaskOutput {
    const out = plan.output;
    switch (out.kind) {
      case 'images':
        return {
          kind: 'images',
          files: out.images.map((img, i) =>
            img.sent
              ? this.files.add({
                  name: `image-${i + 1}.png`,
                  contentType: 'image/png',
                  availableFromMs: from,
                  expiresAtMs: until,
                  source: {
                    kind: 'edit',
                    base64: img.sent,
                    seed: seed + i * 13,
                    width: img.width,
                    height: img.height,
                  },
                })
              : this.imageFile(
                  `image-${i + 1}.png`,
                  img.width,
                  img.height,
                  from,
                  until,
                  img.paint ?? { kind: 'gradient', seed: seed + i * 13 },
                ),
          ),
        };
      case 'videos':
        return {
          kind: 'videos',
          files: Array.from({ length: out.count }, (_, i) =>
            this.fixtureFile('video.mp4', `video-${i + 1}.mp4`, from, until),
          ),
        };
      case 'music':
        return {
          kind: 'music',
          tracks: out.tracks.map((t, i) =>
            this.musicTrack(t.title, t.origin, t.withVideo, from, until, seed + i),
          ),
        };
    }
  }
}

function emptyOutput(plan: SubmissionPlan): TaskOutput {
  const kind = plan.output.kind;
  return kind === 'music' ? { kind, tracks: [] } : { kind, files: [] };
}
