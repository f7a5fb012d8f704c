// Runs a board on the same machinery as recipes: the task engine's public facade (submit, waitFor, and its queue
// where the engine sends one), the spending limits asked once for the whole board before anything is sent, and
// each paid part kept in the database with its submission key before it is sent (storyboard-run-store.ts), so a
// restart resumes the run at the part it reached and a part that may have been sent goes again only under its
// key, which the engine answers with the task it holds, never a second paid one. Narration is spoken first (the
// speech service serves a take it already has from the library, unpaid), then the shots in order: a shot that
// continues from the one before is sent once that shot is saved, with its last frame, extracted locally, as its
// first frame. Then the music bed, then the cut. A failed part stops the run; trying again sends that part alone.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { CastMemberDraft } from '../../../shared/studio/cast';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import { FRAME_FIELDS, type Storyboard, type StoryboardRun } from '../../../shared/studio/storyboard';
import { systemClock, type Clock } from '../clock';
import type { RecipeEngine } from '../recipes/recipe-runner';
import type { SpeechRequest } from '../speech/speech-request';
import type { TaskConfiguration } from '../tasks/task-history';
import { planStoryboard } from './storyboard-plan';
import type { StoryboardRunStore } from './storyboard-run-store';
import { assembleBoardCut, lastFrameReference, narrationClip } from './storyboard-media';
import { sendPart } from './storyboard-send';
import type { CutToFile } from './cut-filing';
import { internal, isSaved, notSaved } from './storyboard-stops';
import { newRunning, resetFailed, stopIfCancelled, type Running } from './storyboard-run-state';

export type { CutToFile } from './cut-filing';

export interface StoryboardPorts {
  engine(): Promise<RecipeEngine>;
  /** The spending limits: the whole board is measured once, as a batch is. */
  admitAll?(
    requests: readonly TaskConfiguration[],
    options: { confirmed?: boolean; overBudget?: boolean },
  ): void;
  itemsOf(taskId: string): Promise<LibraryItem[]>;
  /** A local picture (a shot's extracted last frame) as a stored reference (`studio-ref:`). */
  referenceOf(path: string): Promise<string>;
  /** One narration take: from the library when it was spoken before, else a new (paid) take. */
  speak(request: SpeechRequest, options: { confirmed: boolean; overBudget: boolean }): Promise<LibraryItem>;
  /** A free path in the library for a new file of this name. */
  allocate(name: string): Promise<string>;
  /** The assembled cut filed in the library as an item made from its shots. */
  fileCut(cut: CutToFile): Promise<LibraryItem>;
  /** Where frames and joined narration are written. */
  scratchDir(): Promise<string>;
  store?: StoryboardRunStore;
  clock?: Clock;
}

export interface BoardRunOptions {
  confirmed?: boolean;
  overBudget?: boolean;
}

export class StoryboardRunner {
  readonly #ports: StoryboardPorts;
  readonly #clock: Clock;
  readonly #runs = new Map<string, Running>();
  readonly #local = new Set<Promise<unknown>>();
  readonly #listeners = new Set<(run: StoryboardRun) => void>();
  #closed = false;

  constructor(ports: StoryboardPorts) {
    this.#ports = ports;
    this.#clock = ports.clock ?? systemClock;
  }

  /** Starts the board once the limits admitted all of it; resolves with the run as it starts. */
  start(board: Storyboard, cast: readonly CastMemberDraft[], options: BoardRunOptions = {}): StoryboardRun {
    const plan = planStoryboard(board, cast);
    const running = newRunning(board, cast, plan, { ...options, now: this.#clock.now() });
    const { run } = running;
    // The whole board against the limits, in the transaction that writes its run down: refused, none is kept.
    const admitAndKeep = () => {
      this.#ports.admitAll?.(plan.requests, options);
      this.#keep(running);
    };
    const { store } = this.#ports;
    if (store) store.inTransaction(admitAndKeep);
    else admitAndKeep();
    this.#runs.set(run.id, running);
    running.done = this.#drive(running);
    return structuredClone(run);
  }

  /** Takes up the runs kept before a restart; each still running goes on from the part it reached. */
  resume(): void {
    for (const stored of this.#ports.store?.recent() ?? []) {
      if (this.#runs.has(stored.run.id)) continue;
      const running: Running = {
        ...stored,
        plan: planStoryboard(stored.board, stored.cast),
        done: Promise.resolve(),
      };
      this.#runs.set(stored.run.id, running);
      if (stored.run.state === 'running') running.done = this.#drive(running);
    }
  }

  close(): void {
    this.#closed = true;
  }

  /** Every change of a run, as it is kept: the page follows the run from these, never by asking. */
  subscribe(listener: (run: StoryboardRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Cancels the rest of a running board: a part waiting in the queue is taken out (not charged), nothing after the
   * part under way is sent, and the run stops with a sentence saying so. Trying again goes on from there.
   */
  cancel(id: string): StoryboardRun {
    const running = this.#runs.get(id);
    if (!running || running.run.state !== 'running') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a storyboard run that is running can be cancelled.'),
      );
    }
    running.cancelled = true;
    running.queued?.cancel();
    return structuredClone(running.run);
  }

  get(id: string): StoryboardRun | null {
    const running = this.#runs.get(id);
    return running ? structuredClone(running.run) : null;
  }

  list(): StoryboardRun[] {
    return [...this.#runs.values()].map((r) => structuredClone(r.run)).reverse();
  }

  async settled(id: string): Promise<StoryboardRun | null> {
    await this.#runs.get(id)?.done;
    return this.get(id);
  }

  /** What trying a stopped run again sends: the failed shot or the music alone (narration and the cut are free). */
  retryRequests(id: string): TaskConfiguration[] {
    const running = this.#failed(id);
    const shot = running.run.shots.findIndex((s) => s.state === 'failed');
    if (shot >= 0) return [running.plan.shots[shot] as TaskConfiguration];
    if (running.run.music?.state === 'failed' && running.plan.music) return [running.plan.music];
    return [];
  }

  /** Tries the failed part again on its own (measured as one submission), then goes on with the rest. */
  retry(id: string, options: BoardRunOptions = {}): StoryboardRun {
    const requests = this.retryRequests(id);
    const running = this.#runs.get(id) as Running;
    this.#ports.admitAll?.(requests, { confirmed: options.confirmed, overBudget: running.overBudget });
    resetFailed(running);
    this.#keep(running);
    running.done = this.#drive(running);
    return structuredClone(running.run);
  }

  #failed(id: string): Running {
    const running = this.#runs.get(id);
    if (!running || running.run.state !== 'failed') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a storyboard run that stopped can be tried again.'),
      );
    }
    return running;
  }

  async #drive(running: Running): Promise<void> {
    const { run, plan } = running;
    try {
      for (const narration of plan.narration) {
        stopIfCancelled(running);
        await this.#narrate(running, narration.shot, narration.takes);
      }
      for (let i = 0; i < run.shots.length; i++) {
        stopIfCancelled(running);
        await this.#shot(running, i);
      }
      stopIfCancelled(running);
      await this.#music(running);
      stopIfCancelled(running);
      await this.#localWork(this.#cut(running));
      run.state = 'completed';
      this.#keep(running);
    } catch (thrown) {
      run.state = 'failed';
      run.error = thrown instanceof GatewayError ? thrown.info : internal(thrown);
      this.#keep(running);
    }
  }

  async #narrate(running: Running, shot: number, takes: readonly SpeechRequest[]): Promise<void> {
    if (running.narrationPaths[shot] && running.run.narration[shot]) return;
    const options = { confirmed: true, overBudget: running.overBudget };
    const { items, path } = await this.#localWork(
      (async () => {
        const spoken: LibraryItem[] = [];
        for (const take of takes) spoken.push(await this.#ports.speak(take, options));
        const clip = await narrationClip(
          spoken.map((item) => item.path),
          await this.#ports.scratchDir(),
          `${running.run.id}-narration-${shot + 1}`,
        );
        return { items: spoken, path: clip };
      })(),
    );
    running.narrationPaths[shot] = path;
    running.run.narration[shot] = items[0]?.id ?? null;
    this.#keep(running);
  }

  async #shot(running: Running, i: number): Promise<void> {
    const { run, board } = running;
    const slot = run.shots[i];
    const shot = board.shots[i];
    const planned = running.plan.shots[i];
    if (!slot || !shot || !planned || slot.state === 'completed') return;
    slot.state = 'running';
    slot.error = null;
    try {
      const engine = await this.#ports.engine();
      if (slot.taskId === null) {
        const params = { ...planned.params };
        const frames = FRAME_FIELDS[shot.family];
        if (shot.continuePrevious && frames) {
          const before = run.shots[i - 1]?.itemId;
          const previous = before
            ? (await this.#ports.itemsOf(run.shots[i - 1]?.taskId ?? '')).find((it) => it.id === before)
            : undefined;
          if (!previous)
            throw new GatewayError(
              localErrorInfo('task_failed', `Shot ${i} has no saved video to continue from.`),
            );
          slot.firstFrame ??= await this.#localWork(
            (async () =>
              this.#ports.referenceOf(
                await lastFrameReference(
                  previous.path,
                  await this.#ports.scratchDir(),
                  `${run.id}-shot-${i + 1}-first`,
                ),
              ))(),
          );
          params[frames.first] = slot.firstFrame;
        }
        let key = running.shotKeys[i] ?? null;
        if (key === null) {
          running.attempts += 1;
          key = `${run.id}-shot-${i + 1}-${running.attempts}`;
          running.shotKeys[i] = key;
        }
        // Kept before the send: a restart from here sends under the same key, never a second paid task.
        this.#keep(running);
        const previousTask = i > 0 ? (run.shots[i - 1]?.taskId ?? null) : null;
        slot.taskId = await sendPart(
          engine,
          { ...planned, params },
          {
            key,
            parentTaskId: shot.continuePrevious ? previousTask : null,
            overBudget: running.overBudget,
            label: this.#label(running, i + 1),
            onQueued: (cancel) => (running.queued = { cancel }),
          },
        );
        running.queued = null;
        this.#keep(running);
      }
      const settled = await engine.waitFor(slot.taskId);
      const item = (await this.#savedItems(settled)).find((it) => it.kind === 'video');
      if (!item) throw new GatewayError(settled.error ?? notSaved(`Shot ${i + 1}`));
      slot.itemId = item.id;
      slot.state = 'completed';
      this.#keep(running);
    } catch (thrown) {
      slot.state = 'failed';
      slot.error = thrown instanceof GatewayError ? thrown.info : internal(thrown);
      throw new GatewayError({
        ...slot.error,
        message: `Stopped at shot ${i + 1}: ${slot.error.message} Nothing after it was sent.`,
      });
    }
  }

  async #music(running: Running): Promise<void> {
    const { run } = running;
    const request = running.plan.music;
    const slot = run.music;
    if (!request || !slot || slot.state === 'completed') return;
    slot.state = 'running';
    try {
      const engine = await this.#ports.engine();
      if (slot.taskId === null) {
        running.musicKey ??= `${run.id}-music-${++running.attempts}`;
        this.#keep(running);
        slot.taskId = await sendPart(engine, request, {
          key: running.musicKey,
          parentTaskId: null,
          overBudget: running.overBudget,
          label: this.#label(running, run.shots.length + 1),
          onQueued: (cancel) => (running.queued = { cancel }),
        });
        running.queued = null;
        this.#keep(running);
      }
      const settled = await engine.waitFor(slot.taskId);
      if ((await this.#savedItems(settled)).length === 0)
        throw new GatewayError(settled.error ?? notSaved('The music bed'));
      slot.state = 'completed';
      this.#keep(running);
    } catch (thrown) {
      slot.state = 'failed';
      const info = thrown instanceof GatewayError ? thrown.info : internal(thrown);
      throw new GatewayError({ ...info, message: `Stopped at the music bed: ${info.message}` });
    }
  }

  async #cut(running: Running): Promise<void> {
    const { run, board } = running;
    const shots: { taskId: string; item: LibraryItem }[] = [];
    for (const slot of run.shots) {
      const item = (await this.#ports.itemsOf(slot.taskId ?? '')).find((it) => it.id === slot.itemId);
      if (!item || !slot.taskId) throw new GatewayError(notSaved('A shot'));
      shots.push({ taskId: slot.taskId, item });
    }
    const musicTask = run.music?.taskId ?? null;
    const musicItem = musicTask
      ? ((await this.#ports.itemsOf(musicTask)).find((it) => it.kind === 'audio') ??
        (await this.#ports.itemsOf(musicTask))[0])
      : undefined;
    const path = await this.#ports.allocate(`${board.name}-${run.id.slice(0, 8)}.mp4`);
    const { editList, finalCutXml } = await assembleBoardCut({
      title: board.name,
      shots: shots.map((s, i) => ({ path: s.item.path, name: `Shot ${i + 1}` })),
      narration: running.narrationPaths.flatMap((p, shot) => (p ? [{ shot, path: p }] : [])),
      music: musicItem && board.music ? { path: musicItem.path, volume: board.music.volume } : null,
      out: path,
    });
    const item = await this.#ports.fileCut({
      runId: run.id,
      path,
      board,
      shots: shots.map((s) => ({ taskId: s.taskId, itemId: s.item.id })),
      editList,
      finalCutXml,
    });
    run.cutItemId = item.id;
    run.editList = editList;
    run.finalCutXml = finalCutXml;
  }

  async #savedItems(task: TaskRecord): Promise<LibraryItem[]> {
    return isSaved(task) ? this.#ports.itemsOf(task.id) : [];
  }

  /** How a part is marked in the queue on Tasks: the board's name and the part's place, as a recipe's step. */
  #label(running: Running, step: number) {
    const { run, board } = running;
    return { run: run.id, name: board.name, step, steps: run.shots.length + (run.music ? 1 : 0) };
  }

  /** Local work (speech, ffmpeg, filing) under way: what a caller waiting for the run to go quiet waits for. */
  isBusy(): boolean {
    return this.#local.size > 0;
  }

  async whenLocalDone(): Promise<void> {
    await Promise.allSettled([...this.#local]);
  }

  #localWork<T>(work: Promise<T>): Promise<T> {
    this.#local.add(work);
    const forget = () => this.#local.delete(work);
    work.then(forget, forget);
    return work;
  }

  #keep(running: Running): void {
    if (this.#closed) return;
    const { run, board, cast, overBudget, attempts, shotKeys, musicKey, narrationPaths } = running;
    this.#ports.store?.save({ run, board, cast, overBudget, attempts, shotKeys, musicKey, narrationPaths });
    for (const listener of [...this.#listeners]) listener(structuredClone(run));
  }
}
