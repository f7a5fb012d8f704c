// Speech is synchronous at the gateway ([SVC-2], [EP-SPEECH-1]): the audio streams back in the response.
// We stream it to a .part file beside its final name, hash it on the way, rename it atomically, and file it
// in the library as kind 'speech' with the spoken text as its prompt.
// A repeat of a speech already taken (same gateway, model, text, voice, format, speed: see
// speech-cache-key.ts) is served from the library with no gateway call unless a fresh take is asked for, and
// the cost of each paid take is read from the usage report afterwards, since the speech answer carries none.
// Money rules live here, not in a caller: a new take asks the spending limits (budgets, the confirmation
// threshold) in the same BEGIN IMMEDIATE transaction that writes it down as spent, before its request leaves,
// so the app's bridge, web mode and the CLI are held alike and two processes never pass a budget together.
import { partName } from '../downloads/part-files';
import { placeWithoutOverwrite, readableBaseName } from '../downloads/readable-name';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffMedia } from '../downloads/media-sniff';
import { EXTENSION_BY_MIME, notAudio, readHead, safeExtension } from './speech-audio';
import { invalidResponse } from '../../../shared/gateway/gateway-error';
import type { DatabaseSync } from 'node:sqlite';
import { systemClock } from '../clock';
import type { Clock, TimerHandle } from '../clock';
import type { GatewayPort } from '../gateway/gateway-port';
import type { Library } from '../library';
import type { LibraryItem } from '../../../shared/studio/records';
import type { SpendCheck } from '../../../shared/studio/spending';
import { normaliseGateway } from '../pricing';
import { bindSpeechCharge, dropSpeechCharge, openSpeechCharge, settleSpeechCharge } from '../spending';
import { transaction } from '../db/database';
import type { SubmissionGuard, TaskConfiguration } from '../tasks/task-history';
import { judgeSubmissionError, toGatewayErrorInfo } from '../tasks/gateway-errors';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';
import { speechCacheKey } from './speech-cache-key';
import { SpeechTakes } from './speech-takes';
import type { SpeechTake } from './speech-takes';

export interface SpeechRequest {
  model: string;
  input: string;
  voice?: string;
  /** [EP-SPEECH-1] wav, opus, aac, flac or pcm. */
  responseFormat?: string;
  speed?: number;
}

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

/**
 * When the usage report is read for a new take: shortly after it (the gateway books a speech call as it
 * answers), then again while it does not show it yet ([LIM-6]: the last minute may be incomplete; [LIM-2]:
 * identical queries are cached for 60 s, so never sooner than that). After the last, the cost stays unknown.
 */
export const SPEECH_COST_READS_MS = [2_000, 70_000, 5 * 60_000, 15 * 60_000] as const;

/**
 * A take as the spending limits measure it: the one shape the service admits and the app's question measures
 * (speech.check), so what is asked about is what is held to the threshold.
 */
export function speechConfiguration(request: SpeechRequest): TaskConfiguration {
  const { model, ...params } = request;
  return { family: 'speech', model, params };
}

/** The body as the gateway names its fields; the client validates it against the catalog before sending. */
export function speechBody(request: SpeechRequest): Record<string, unknown> {
  return {
    model: request.model,
    input: request.input,
    ...(request.voice !== undefined && { voice: request.voice }),
    ...(request.responseFormat !== undefined && { response_format: request.responseFormat }),
    ...(request.speed !== undefined && { speed: request.speed }),
  };
}

export class SpeechService {
  private readonly takes: SpeechTakes;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** Takes under way by cache key: a second identical request (a double click) waits for the first. */
  private readonly inFlight = new Map<string, Promise<SpeechOutcome>>();
  private readonly costTimers = new Map<string, TimerHandle>();
  private readonly settling = new Map<string, Promise<LibraryItem | null>>();
  private closed = false;

  constructor(private readonly options: SpeechServiceOptions) {
    this.takes = new SpeechTakes(options.db);
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
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

  /**
   * [EP-USAGE-1] Reads what one take cost from the usage report of its model over the seconds the call took
   * ([EP-USAGE-2], [start, end)). Exactly one billed request there is this take's; none yet means the report
   * has not caught up and it is tried again later; more than one cannot be told apart, so the cost stays
   * unknown. Returns the item as it is now.
   */
  settleCost(itemId: string, signal?: AbortSignal): Promise<LibraryItem | null> {
    // One reading at a time per take: the timer and a caller (the CLI) may ask together.
    const running = this.settling.get(itemId);
    if (running) return running;
    const work = this.readCost(itemId, signal).finally(() => this.settling.delete(itemId));
    this.settling.set(itemId, work);
    return work;
  }

  private async readCost(itemId: string, signal?: AbortSignal): Promise<LibraryItem | null> {
    const take = this.takes.get(itemId);
    const usage = this.options.gateway.usage?.bind(this.options.gateway);
    if (!take || take.costState !== 'pending') return this.options.library.get(itemId);
    if (!usage) {
      this.takes.settle(itemId, 'unknown');
      return this.options.library.get(itemId);
    }
    const lastTry = take.costTries + 1 >= SPEECH_COST_READS_MS.length;
    let requests: number;
    let amountUsd: number;
    let credits: number;
    let cached: boolean;
    try {
      const { report, cache } = await usage(
        {
          start: Math.floor(take.requestedAt / 1000),
          end: Math.floor(take.answeredAt / 1000) + 1,
          model: take.model,
          scope: 'key',
        },
        { ...(signal ? { signal } : {}), maxAttempts: 1 },
      );
      ({ requests, amount_usd: amountUsd, credits } = report.total);
      cached = cache === 'hit';
      // Closed while the report was on its way: the database may be gone; the next service asks again.
      if (this.closed) return null;
    } catch (error) {
      if (this.closed) return null;
      // No answer (offline, a key without usage rights): the cost is not known yet.
      this.logger.warn('speech cost not read from the usage report', {
        itemId,
        reason: describeThrown(error),
      });
      this.takes.settle(itemId, lastTry ? 'unknown' : 'pending');
      return this.options.library.get(itemId);
    }
    if (cached) {
      // [LIM-2] An identical query (another take in the same seconds) was answered up to 60 s ago, perhaps
      // before this take was billed: not evidence either way. Asked again once the cache has expired.
      this.takes.settle(itemId, lastTry ? 'unknown' : 'pending');
      return this.options.library.get(itemId);
    }
    if (requests === 1) {
      this.takes.settle(itemId, 'known');
      settleSpeechCharge(this.options.db, itemId, amountUsd, credits);
      return this.options.library.setCost(itemId, amountUsd, credits);
    }
    this.takes.settle(itemId, requests === 0 && !lastTry ? 'pending' : 'unknown');
    return this.options.library.get(itemId);
  }

  /** Settles the cost of every take still pending, now and (when the report lags) later, on the clock. */
  resumeCosts(): void {
    for (const take of this.takes.pending()) this.scheduleCost(take.itemId, SPEECH_COST_READS_MS[0]);
  }

  /** Stops the cost timers; a pending take is settled by the next service over this database. */
  close(): void {
    this.closed = true;
    for (const timer of this.costTimers.values()) timer.cancel();
    this.costTimers.clear();
  }

  private scheduleCost(itemId: string, delayMs: number): void {
    if (this.closed) return;
    this.costTimers.get(itemId)?.cancel();
    const timer = this.clock.setTimer(delayMs, () => {
      this.costTimers.delete(itemId);
      void this.settleCost(itemId).then(
        () => {
          if (this.closed) return;
          const take = this.takes.get(itemId);
          const next = take?.costState === 'pending' ? SPEECH_COST_READS_MS[take.costTries] : undefined;
          if (next !== undefined) this.scheduleCost(itemId, next);
        },
        (error: unknown) =>
          this.logger.error('speech cost not settled', { itemId, reason: describeThrown(error) }),
      );
    });
    this.costTimers.set(itemId, timer);
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
    const { signal } = options;
    const requestedAt = this.clock.now();
    const charge = this.admit(request, requestedAt, options);
    try {
      const item = await this.receive(body, key, requestedAt, signal);
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

  private async receive(
    body: Record<string, unknown>,
    key: string,
    requestedAt: number,
    signal?: AbortSignal,
  ): Promise<LibraryItem> {
    const response = await this.options.gateway.speech(body, signal ? { signal } : {});
    const declared = (response.contentType.split(';')[0] ?? '').trim().toLowerCase();
    const name = `speech-${randomUUID()}`;
    const partPath = await this.options.library.allocatePath(partName(name));
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        response.stream,
        meter,
        createWriteStream(partPath, { flags: 'wx' }),
        signal ? { signal } : {},
      );
    } catch (error) {
      await rm(partPath, { force: true });
      throw error;
    }
    const answeredAt = this.clock.now();
    const format = typeof body.response_format === 'string' ? body.response_format : undefined;
    // Named and typed by the bytes when they are recognisable (raw PCM is not), else by the header, else by
    // what was asked for. Bytes that are not audio are refused: a proxy's page saved as .wav is a broken file
    // the user believes they have.
    const head = await readHead(partPath);
    const sniffed = sniffMedia(head);
    const refusal = notAudio(sniffed, head, declared, format, size);
    if (refusal) {
      await rm(partPath, { force: true });
      throw invalidResponse('speech answer', refusal, 200);
    }
    const mime = sniffed?.mime ?? (declared || 'application/octet-stream');
    const extension = sniffed?.ext ?? EXTENSION_BY_MIME[mime] ?? safeExtension(format) ?? 'bin';
    // A readable name (day, the first words spoken, a short id), never replacing another file.
    const path = await placeWithoutOverwrite(
      partPath,
      dirname(partPath),
      (idLength) =>
        readableBaseName(
          {
            day: basename(dirname(partPath)),
            prompt: typeof body.input === 'string' ? body.input : null,
            fallback: 'speech',
            seed: name,
          },
          idLength,
        ),
      extension,
    );
    const { model, input, ...params } = body;
    const item = await this.options.library.addSpeech({
      path,
      size,
      sha256: hash.digest('hex'),
      mime,
      model: String(model),
      input: String(input),
      params,
    });
    this.takes.add({ itemId: item.id, cacheKey: key, model: item.model, requestedAt, answeredAt });
    this.scheduleCost(item.id, SPEECH_COST_READS_MS[0]);
    return item;
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
