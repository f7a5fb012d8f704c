// What the Storyboard page asks of the core, in one place: the boards kept in the studio, the one price of a
// board (every shot, narration take and the music, from the price book) and the spending limits' answer about
// it, a run of the whole board or of one shot alone, and each board's runs as the runner holds them. Runs go on
// the storyboard runner (the recipe machinery and its limits); the desk only remembers which board made which.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { BatchEstimate } from '../../../shared/studio/estimates';
import type { BoardRun, SavedStoryboard, StoryboardPriceView } from '../../../shared/studio/saved-storyboard';
import type { SpendCheck } from '../../../shared/studio/spending';
import type { Storyboard, StoryboardInput, StoryboardRun } from '../../../shared/studio/storyboard';
import type { TaskConfiguration } from '../tasks/task-history';
import { fillCastPictures, missingPicturesError, type CastPicturePorts } from './cast-pictures';
import type { CastStore } from './cast-store';
import { planStoryboard, priceStoryboard } from './storyboard-plan';
import type { BoardRunOptions, StoryboardRunner } from './storyboard-runner';
import type { StoryboardStore } from './storyboard-store';

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
    const sent = shot === null ? board : shotAlone(board, shot);
    await this.ready(sent);
    const run = this.#ports.runner.start(sent, this.#ports.cast.list(), options);
    this.#ports.saved.addRun(id, run.id, shot);
    return run;
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
