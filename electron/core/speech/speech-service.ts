// Speech is synchronous at the gateway ([SVC-2], [EP-SPEECH-1]): the audio streams back in the response and is
// filed in the library (speech-file.ts). A repeat of a speech already taken (same gateway, model, text, voice,
// format, speed: see speech-cache-key.ts) is served from the library with no gateway call unless a fresh take is
// asked for, and the cost of each paid take is read from the usage report afterwards (speech-costs.ts), since
// the speech answer carries none.
// Money rules live here, not in a caller: a new take asks the spending limits (budgets, the confirmation
// threshold) in the same BEGIN IMMEDIATE transaction that writes it down as spent, before its request leaves,
// so the app's bridge, web mode and the CLI are held alike and two processes never pass a budget together; and
// whether the library's take answers a press for free (check) is this service's to say.
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import type { LibraryItem } from '../../../shared/studio/records';
import type { SpendCheck } from '../../../shared/studio/spending';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import { transaction } from '../db/database';
import type { GatewayPort } from '../gateway/gateway-port';
import type { Library } from '../library';
import { silentLogger } from '../log';
import type { Logger } from '../log';
import { normaliseGateway } from '../pricing';
import { bindSpeechCharge, dropSpeechCharge, openSpeechCharge } from '../spending';
import { judgeSubmissionError, toGatewayErrorInfo } from '../tasks/gateway-errors';
import type { SubmissionGuard } from '../tasks/task-history';
import { speechCacheKey } from './speech-cache-key';
import { SpeechCosts } from './speech-costs';
import { fileSpeech } from './speech-file';
import { speechBody, speechConfiguration } from './speech-request';
import type { SpeechRequest } from './speech-request';
import { SpeechTakes } from './speech-takes';
import type { SpeechTake } from './speech-takes';

export interface SpeechServiceOptions {
  gateway: GatewayPort;
  library: Library;
  /** The library's database: the takes (cache keys, cost windows) are kept beside its items. */
  db: DatabaseSync;
  /** The gateway in use ('demo' or its base URL): a take from one gateway is never served for another. */
  gatewayKey: () => string;
  clock?: Clock;
  /** Told when a take's cost cannot be read or settled; nothing by default. */
  logger?: Logger;
  /** The spending limits, asked before a new take in the transaction that records it; none: no limits. */
  guard?: SubmissionGuard | null;
}

export interface SpeakOptions {
  signal?: AbortSignal;
  /** Pay for a new take even when the library holds this speech already. */
  fresh?: boolean;
  /** The person saw the estimate and said send it (above the confirmation threshold; the CLI's --yes). */
  confirmed?: boolean;
  /** Send even past a budget (the CLI's --over-budget). */
  overBudget?: boolean;
}

/** What a speak call gave: the clip, and whether it came from the library (no gateway call, no charge). */
export interface SpeechOutcome {
  item: LibraryItem;
  fromLibrary: boolean;
}

export class SpeechService {
  private readonly takes: SpeechTakes;
  private readonly costs: SpeechCosts;
  private readonly clock: Clock;
  /** Takes under way by cache key: a second identical request (a double click) waits for the first. */
  private readonly inFlight = new Map<string, Promise<SpeechOutcome>>();

  constructor(private readonly options: SpeechServiceOptions) {
    this.takes = new SpeechTakes(options.db);
    this.clock = options.clock ?? systemClock;
    const { gateway, library, db } = options;
    const logger = options.logger ?? silentLogger;
    this.costs = new SpeechCosts({ gateway, library, db, takes: this.takes, clock: this.clock, logger });
  }

  /**
   * The speech for this request: from the library when the same speech was taken before on this gateway and
   * its file is still there, else a new (paid) take. `fresh` always takes anew.
   */
  async synthesize(request: SpeechRequest, options: SpeakOptions = {}): Promise<SpeechOutcome> {
    const body = speechBody(request);
    const key = speechCacheKey(this.options.gatewayKey(), body);
    if (!options.fresh) {
      const pending = this.inFlight.get(key);
      if (pending) return { item: (await pending).item, fromLibrary: true };
    }
    // Registered before anything is awaited, so a second identical call finds it.
    const work = (async (): Promise<SpeechOutcome> => {
      const cached = options.fresh ? null : await this.cached(key);
      if (cached) return { item: cached, fromLibrary: true };
      return { item: await this.take(request, body, key, options), fromLibrary: false };
    })();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      if (this.inFlight.get(key) === work) this.inFlight.delete(key);
    }
  }

  /** The library's take of this request, if it holds one still on disk (a take under way counts once done). */
  async fromLibrary(request: SpeechRequest): Promise<LibraryItem | null> {
    const key = speechCacheKey(this.options.gatewayKey(), speechBody(request));
    const pending = this.inFlight.get(key);
    if (pending) return (await pending).item;
    return this.cached(key);
  }

  /**
   * What the person is asked before this take, measured as admit() will hold it: nothing (null) when the
   * library's take answers it, since that costs nothing and sends nothing; else the limits' verdict on one new
   * take. Without limits there is nothing to ask.
   */
  async check(request: SpeechRequest, options: Pick<SpeakOptions, 'fresh'> = {}): Promise<SpendCheck | null> {
    if (!options.fresh && (await this.fromLibrary(request))) return null;
    return this.options.guard?.check?.([speechConfiguration(request)]) ?? null;
  }

  /** The newest take under this key whose item and file are both still there; a missing file is no hit. */
  async cached(key: string): Promise<LibraryItem | null> {
    for (const take of this.takes.withKey(key)) {
      const item = this.options.library.get(take.itemId);
      if (item && (await sameFile(item))) return item;
      if (!item) this.takes.drop(take.itemId);
    }
    return null;
  }

  /** The stored take of a speech item, or null (an item from before takes were kept). */
  takeOf(itemId: string): SpeechTake | null {
    return this.takes.get(itemId);
  }

  /** Reads what one take cost from the usage report now (speech-costs.ts); returns the item as it is now. */
  settleCost(itemId: string, signal?: AbortSignal): Promise<LibraryItem | null> {
    return this.costs.settle(itemId, signal);
  }

  /** Settles the cost of every take still pending, now and (when the report lags) later, on the clock. */
  resumeCosts(): void {
    this.costs.resume();
  }

  /** Stops the cost timers; a pending take is settled by the next service over this database. */
  close(): void {
    this.costs.close();
  }

  /**
   * Asks the limits and writes the take down as spent, in one transaction, before anything leaves; a refusal
   * (a budget passed, a threshold not confirmed) throws and writes nothing. Returns the charge's id.
   */
  private admit(request: SpeechRequest, at: number, options: SpeakOptions): string {
    const { db, guard } = this.options;
    const configuration = speechConfiguration(request);
    const { model, params } = configuration;
    const id = `speech-take-${randomUUID()}`;
    const gatewayKey = normaliseGateway(this.options.gatewayKey());
    transaction(db, () => {
      guard?.admit(configuration, { confirmed: options.confirmed, overBudget: options.overBudget });
      openSpeechCharge(db, { id, gatewayKey, at, model, params });
    });
    return id;
  }

  private async take(
    request: SpeechRequest,
    body: Record<string, unknown>,
    key: string,
    options: SpeakOptions,
  ): Promise<LibraryItem> {
    const requestedAt = this.clock.now();
    const charge = this.admit(request, requestedAt, options);
    try {
      const { gateway, library } = this.options;
      const filed = await fileSpeech({ gateway, library, clock: this.clock }, body, options.signal);
      const { item, answeredAt } = filed;
      this.takes.add({ itemId: item.id, cacheKey: key, model: item.model, requestedAt, answeredAt });
      this.costs.follow(item.id);
      bindSpeechCharge(this.options.db, charge, item.id);
      return item;
    } catch (thrown) {
      // Refused before any work (a 4xx, a 429) charged nothing; anything else may have been charged and keeps
      // counting at its estimate.
      const verdict = judgeSubmissionError(toGatewayErrorInfo(thrown)).action;
      if (verdict !== 'unknown') dropSpeechCharge(this.options.db, charge);
      throw thrown;
    }
  }
}

/** The item's file is where the library says, with the size it was filed with. */
async function sameFile(item: LibraryItem): Promise<boolean> {
  try {
    return (await stat(item.path)).size === item.size;
  } catch {
    return false;
  }
}
