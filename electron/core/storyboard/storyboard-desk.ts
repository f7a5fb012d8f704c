// What the Storyboard page asks of the core, in one place: the boards kept in the studio, the one price of a
// board (every shot, narration take and the music, from the price book) and the spending limits' answer about
// it, a run of the whole board or of one shot alone, and each board's runs as the runner holds them. Runs go on
// the storyboard runner (the recipe machinery and its limits); the desk only remembers which board made which.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { BatchEstimate } from '../../../shared/studio/estimates';
import {
  finishedTake,
  type BoardRun,
  type EditListFile,
  type EditListFormat,
  type FinishedTake,
  type SavedStoryboard,
  type StoryboardPriceView,
} from '../../../shared/studio/saved-storyboard';
import type { SpendCheck } from '../../../shared/studio/spending';
import {
  FRAME_FIELDS,
  type Storyboard,
  type StoryboardInput,
  type StoryboardRun,
} from '../../../shared/studio/storyboard';
import type { TaskConfiguration } from '../tasks/task-history';
import { fillCastPictures, missingPicturesError, type CastPicturePorts } from './cast-pictures';
import type { CastStore } from './cast-store';
import { planStoryboard, priceStoryboard } from './storyboard-plan';
import type { BoardRunOptions, StoryboardRunner } from './storyboard-runner';
import type { StoryboardStore } from './storyboard-store';

const MAX_EDIT_LIST_BYTES = 4 * 1024 * 1024;

export interface StoryboardDeskPorts {
  cast: CastStore;
  saved: StoryboardStore;
  runner: StoryboardRunner;
  /** The price book of the gateway in use. */
  estimate(requests: readonly TaskConfiguration[]): BatchEstimate;
  /** The spending limits' answer about a press, before it is sent. */
  check(requests: readonly TaskConfiguration[]): SpendCheck;
  /** This device's picture store and the library in use: a synced cast's pictures are filled from it. */
  pictures?: CastPicturePorts;
  /**
   * The last frame of a finished take, extracted locally as a whole run does, as a stored reference (null: the
   * take's video is no longer in the library).
   */
  lastFrame?(take: FinishedTake): Promise<string | null>;
}

/**
 * One shot of a board as a board of its own: its narration with it, no music, and no shot before it to continue
 * from (a shot run alone starts from its prompt; the whole board's run binds the frames).
 */
export function shotAlone(board: Storyboard, shot: number): Storyboard {
  const one = board.shots[shot];
  if (!one)
    throw new GatewayError(localErrorInfo('invalid_request_error', `The board has no shot ${shot + 1}.`));
  const { music: _music, ...rest } = board;
  return {
    ...rest,
    name: `${board.name.slice(0, 70)} · ${shot + 1}`,
    shots: [{ ...one, continuePrevious: false }],
  };
}

export class StoryboardDesk {
  readonly #ports: StoryboardDeskPorts;

  constructor(ports: StoryboardDeskPorts) {
    this.#ports = ports;
  }

  list(): SavedStoryboard[] {
    return this.#ports.saved.list();
  }

  get(id: string): SavedStoryboard {
    return this.#ports.saved.find(id);
  }

  save(board: StoryboardInput, id: string | null = null): SavedStoryboard {
    return this.#ports.saved.save(board, id);
  }

  remove(id: string): void {
    this.#ports.saved.remove(id);
  }

  /**
   * The cast's pictures the board sends, filled into this device's store from the library; one found nowhere
   * is refused here, before anything is priced as sendable or paid.
   */
  async ready(board: Storyboard): Promise<void> {
    const missing = await this.#missing(board);
    if (missing.length > 0) throw missingPicturesError(missing);
  }

  async #missing(board: Storyboard) {
    const { pictures, cast } = this.#ports;
    if (!pictures) return [];
    const stored = cast.list();
    return fillCastPictures(board, stored, planStoryboard(board, stored), pictures);
  }

  /** The one price of the board as it would be sent now, with the stored cast (and which pictures are missing). */
  async price(board: Storyboard): Promise<StoryboardPriceView> {
    const missing = await this.#missing(board);
    const plan = planStoryboard(board, this.#ports.cast.list());
    const price = priceStoryboard(plan, (requests) => this.#ports.estimate(requests));
    const parts = price.parts.map((part, i) => {
      if (i < plan.shots.length) return { kind: 'shot' as const, shot: i, estimate: part.estimate };
      const take = i - plan.shots.length;
      const narration = plan.narration.flatMap((n) => n.takes.map(() => n.shot));
      const shot = narration[take];
      return shot === undefined
        ? { kind: 'music' as const, shot: null, estimate: part.estimate }
        : { kind: 'narration' as const, shot, estimate: part.estimate };
    });
    const credits = parts.map((p) => p.estimate.credits);
    const totalCredits = credits.every((c) => c !== null) ? credits.reduce((a, c) => a + (c ?? 0), 0) : null;
    const notes = [...missing.map((m) => m.message), ...price.notes];
    return { parts, totalUsd: price.totalUsd, totalCredits, unknown: price.unknown, notes };
  }

  /** The limits' answer about running the board (or one of its shots) as it stands now. */
  async check(board: Storyboard, shot: number | null = null): Promise<SpendCheck> {
    const sent = shot === null ? board : shotAlone(board, shot);
    await this.ready(sent);
    return this.#ports.check(planStoryboard(sent, this.#ports.cast.list()).requests);
  }

  /** What trying a stopped run again would send, measured as a press is. */
  retryCheck(runId: string): SpendCheck {
    return this.#ports.check(this.#ports.runner.retryRequests(runId));
  }

  /** Runs a kept board whole, or one of its shots alone; the limits measure what it sends first. */
  async run(id: string, shot: number | null, options: BoardRunOptions = {}): Promise<StoryboardRun> {
    const { board } = this.#ports.saved.find(id);
    const sent = shot === null ? board : await this.#alone(id, board, shot);
    await this.ready(sent);
    const run = this.#ports.runner.start(sent, this.#ports.cast.list(), options);
    this.#ports.saved.addRun(id, run.id, shot);
    return run;
  }

  /**
   * One shot as sent alone: a shot that continues from the one before takes that shot's newest finished take
   * in this board's runs, its last frame as this shot's first, as a whole run binds it; with no such take it
   * starts fresh from its prompt (the page says which before it is pressed).
   */
  async #alone(id: string, board: Storyboard, shot: number): Promise<Storyboard> {
    const alone = shotAlone(board, shot);
    const one = board.shots[shot];
    const frames = one ? FRAME_FIELDS[one.family] : undefined;
    const take = one?.continuePrevious && frames ? finishedTake(this.runs(id), shot - 1) : null;
    const frame = take && this.#ports.lastFrame ? await this.#ports.lastFrame(take) : null;
    if (!frame || !frames) return alone;
    return {
      ...alone,
      shots: alone.shots.map((s) => ({ ...s, params: { ...s.params, [frames.first]: frame } })),
    };
  }

  /** A finished run's edit list as text, read from where the cut was written (the page saves it as a file). */
  async editList(runId: string, format: EditListFormat): Promise<EditListFile> {
    const run = this.#ports.runner.get(runId);
    const path = format === 'edl' ? run?.editList : run?.finalCutXml;
    const size = path
      ? await stat(path).then(
          (s) => (s.isFile() ? s.size : null),
          () => null,
        )
      : null;
    // Lists of at most a few hundred shots are a few hundred kilobytes; a larger file is not one the run wrote.
    if (!path || size === null || size > MAX_EDIT_LIST_BYTES)
      throw new GatewayError(
        localErrorInfo(
          'not_found_error',
          'This run has no edit list on this device: run the whole board again.',
        ),
      );
    return { name: basename(path), text: await readFile(path, 'utf8') };
  }

  /** The board's runs the runner still holds, newest first. */
  runs(id: string): BoardRun[] {
    return this.#ports.saved
      .find(id)
      .runs.flatMap(({ runId, shot }) => {
        const run = this.#ports.runner.get(runId);
        return run ? [{ shot, run }] : [];
      })
      .reverse();
  }
}
