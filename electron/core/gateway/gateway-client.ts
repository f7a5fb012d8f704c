// The gateway client on axios: every call authenticated, timed out on the injected clock, cancellable, and
// answered with a parsed, normalised value or a GatewayError. Bodies are checked with the catalog's schemas
// before they leave the machine. Only safe calls are retried: GETs, and I2 submissions under their
// Idempotency-Key ([EP-IMAGE-I2HDR-1]); other submissions carry a key too, but are never resent on its strength.
// This file holds the endpoints (what each sends, how its answer is read); how a call is made, retried and
// logged is gateway-transport.ts, the options are gateway-options.ts.
import { MAX_SCHEMA_BYTES, parseModelSchema, type ModelSchema } from '../../../shared/gateway/model-schema';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FamilyId, TaskEndpoint } from '../../../shared/catalog/family-ids';
import { FAMILIES } from '../../../shared/catalog/families';
import { checkBody } from '../../../shared/catalog/schema';
import { containsReference } from '../../../shared/studio/references';
import { parseAck } from '../../../shared/gateway/ack';
import { normalizeBaseUrl } from '../../../shared/gateway/base-url';
import {
  parseTokenBalance,
  parseUserBalance,
  type TokenBalance,
  type UserBalance,
} from '../../../shared/gateway/balance';
import { errorFromAnswer, validationError } from '../../../shared/gateway/error-map';
import { GatewayError, invalidResponse } from '../../../shared/gateway/gateway-error';
import type { NormalizedAck, TaskSnapshot } from '../../../shared/gateway/normalized';
import { parseTask, withAbsoluteLinks } from '../../../shared/gateway/task';
import { scrubErrorTexts } from '../../../shared/gateway/secret-scrub';
import {
  parseUsageReport,
  usageQuerySchema,
  usageQueryString,
  type UsageQueryInput,
} from '../../../shared/gateway/usage';
import { errorBody, json, MAX_ERROR_BYTES, readSome } from './answer-bodies';
import type { GatewayClientOptions, TokenBalanceOptions, UsageOptions, UsageResult } from './gateway-options';
import type { CallOptions, GatewayPort, ImageUpload, SpeechResponse, SubmitOptions } from './gateway-port';
import { GatewayTransport, type CallPlan } from './gateway-transport';
import { PollLanguage } from './poll-language';
import type { ProxyRoute } from '../proxy/proxy-route';
import { parseUploadAnswer, type UploadedImage } from '../../../shared/gateway/upload';
import { parseModelList, type DiscoveredModel } from '../../../shared/gateway/model-list';

const UPLOAD_PATH = '/v1/uploads/images';

export type {
  ApiKeySource,
  GatewayCallEvent,
  GatewayClientOptions,
  TokenBalanceOptions,
  UsageOptions,
  UsageResult,
} from './gateway-options';

function problemsMessage(problems: { path: string; message: string }[]): string {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
}

export class GatewayClient implements GatewayPort {
  private readonly transport: GatewayTransport;
  private readonly options: GatewayClientOptions;
  private readonly language: PollLanguage;

  constructor(options: GatewayClientOptions) {
    // {base_url} in the one form the app keeps, whoever built the client (settings, CLI flag, environment).
    this.options = { ...options, baseUrl: normalizeBaseUrl(options.baseUrl) };
    this.transport = new GatewayTransport(this.options);
    this.language = new PollLanguage(() => options.language?.());
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The key calls are made with right now, or null when none is set or it cannot be read. */
  async currentKey(): Promise<string | null> {
    try {
      return await this.transport.apiKey();
    } catch {
      return null;
    }
  }

  /** The way out the calls take; the engine's downloads use the same. */
  get proxy(): ProxyRoute {
    return this.transport.proxy;
  }

  /** [EP-IMAGE-0] [EP-VIDEO-0] [EP-MUSIC-1] [EP-GRID-1] validate, POST, normalise the acknowledgement. */
  async submit(
    family: FamilyId,
    body: Record<string, unknown>,
    options?: SubmitOptions,
  ): Promise<NormalizedAck> {
    const spec = FAMILIES[family];
    if (spec.taskEndpoint === null) {
      throw new GatewayError(validationError(`${spec.label} is synchronous: use speech().`, null));
    }
    // Grid upscale has no model field ([EP-GRID-1]); callers that always set one are forgiven.
    const { model, ...rest } = body;
    const payload = this.checked(family, spec.variants.length > 0 ? { model, ...rest } : rest);
    // [EP-IMAGE-I2HDR-1] one key per operation, the same on every retry of it. Every family gets one (a header a
    // gateway may ignore), but only I2's makes the client's own retries safe (`safe` below).
    const headers: Record<string, string> = {
      ...spec.headers,
      'Idempotency-Key': options?.idempotencyKey ?? (this.options.newIdempotencyKey ?? randomUUID)(),
    };
    const endpoint = spec.taskEndpoint;
    return this.transport.call(
      {
        method: 'POST',
        url: spec.path,
        headers,
        body: payload,
        read: 'json',
        safe: spec.idempotencyKey,
        options,
      },
      (r) => parseAck(json(r), endpoint, r.status),
    );
  }

  /**
   * [EP-TASK-1] /v1/tasks/{id}, or [EP-MUSIC-1] /v1/music/tasks/{id}, with `?language=` in the UI's language
   * while the gateway takes it (poll-language.ts). Relative result links are made absolute on the gateway's
   * address (withAbsoluteLinks).
   */
  async getTask(taskId: string, endpoint: TaskEndpoint, options?: CallOptions): Promise<TaskSnapshot> {
    if (taskId.trim() === '') throw new GatewayError(validationError('A task id is required.', 'task_id'));
    const base = endpoint === 'music' ? '/v1/music/tasks/' : '/v1/tasks/';
    return this.language.poll(base + encodeURIComponent(taskId), (url) =>
      this.transport.call({ method: 'GET', url, read: 'json', safe: true, options }, (r, key) =>
        scrubbedTask(withAbsoluteLinks(parseTask(json(r), taskId, r.status), this.baseUrl), key),
      ),
    );
  }

  /** [EP-SPEECH-1] the audio as a stream; never retried (it is billed and not idempotent). */
  async speech(body: Record<string, unknown>, options?: CallOptions): Promise<SpeechResponse> {
    const payload = this.checked('speech', body);
    const format = typeof payload.response_format === 'string' ? payload.response_format : null;
    const plan: CallPlan = {
      method: 'POST',
      url: FAMILIES.speech.path,
      headers: { Accept: 'audio/*, application/octet-stream' },
      body: payload,
      read: 'stream',
      safe: false,
      options,
    };
    return this.transport.call(plan, async (r) => {
      const stream = r.body as Readable;
      const contentType = r.headers['content-type'] ?? '';
      if (/json|text\/html/i.test(contentType)) {
        // A 2xx with a JSON or HTML body is not audio: never stored as a file. An error body is the refusal it
        // says (413 input too long, 402, …: the one mapping, errorFromAnswer); anything else is unreadable.
        const text = await readSome(stream, MAX_ERROR_BYTES);
        const said = errorFromAnswer(errorBody(text), r.status);
        if (said) throw new GatewayError(said);
        throw invalidResponse('speech answer', `a document, not audio: ${text.slice(0, 120)}`, r.status);
      }
      return {
        contentType: contentType || (format ? `audio/${format}` : 'application/octet-stream'),
        stream,
      };
    });
  }

  /** [EP-TBAL-1..3] the calling key's balance; success false ([EP-TBAL-2]) throws balance_lookup_failed. */
  async tokenBalance(options?: TokenBalanceOptions): Promise<TokenBalance> {
    const url = options?.path ?? '/v1/balance';
    return this.transport.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) =>
      parseTokenBalance(json(r)),
    );
  }

  /** [EP-UBAL-1..2] the account's balance. */
  async userBalance(options?: CallOptions): Promise<UserBalance> {
    const url = '/v1/user/balance';
    return this.transport.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) =>
      parseUserBalance(json(r)),
    );
  }

  /**
   * [EP-USAGE-1..4] the usage report and the X-Usage-Cache header. Parameters are checked for format and allowed
   * values first; range rules are the gateway's ([ERR-USAGE-1..5] come back as usage_query_error).
   */
  async usage(query: UsageQueryInput = {}, options?: UsageOptions): Promise<UsageResult> {
    const parsed = usageQuerySchema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = issue?.path.map(String).join('.') || null;
      throw new GatewayError(
        validationError(param ? `${param}: ${issue?.message}` : String(issue?.message), param),
      );
    }
    const qs = usageQueryString(parsed.data);
    const path = options?.path ?? '/v1/usage';
    const url = qs ? `${path}?${qs}` : path;
    return this.transport.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) => {
      const cache = r.headers['x-usage-cache']?.trim().toLowerCase();
      return { report: parseUsageReport(json(r)), cache: cache === 'hit' || cache === 'miss' ? cache : null };
    });
  }

  /**
   * POST /v1/uploads/images, multipart field `file` (not in the spec; the gateway's public clients use it for
   * reference pictures, seen in public clients). Never retried: an upload has no idempotency. 404/405 mean not offered.
   */
  async uploadImage(image: ImageUpload, options?: CallOptions): Promise<UploadedImage> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), image.name);
    const plan: CallPlan = {
      method: 'POST',
      url: UPLOAD_PATH,
      body: form,
      read: 'json',
      safe: false,
      options,
    };
    return this.transport.call(plan, (r) => parseUploadAnswer(json(r), r.status));
  }

  /**
   * GET /v1/models?expand=parameters (not in the spec; a live gateway lists its models with their parameters,
   * as its public clients show). Safe to retry; a 404 or 405 means the gateway lists none.
   */
  async listModels(options?: CallOptions): Promise<DiscoveredModel[]> {
    const url = '/v1/models?expand=parameters';
    return this.transport.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) =>
      parseModelList(json(r), r.status),
    );
  }

  /**
   * GET /v1/models/{id} (not in the spec): one model's page with the JSON Schema of its body, as aggregators
   * serve it. Safe to retry; its answer is held to MAX_SCHEMA_BYTES and read with bounds (model-schema.ts).
   */
  async modelSchema(id: string, options?: CallOptions): Promise<ModelSchema> {
    const url = `/v1/models/${encodeURIComponent(id)}`;
    const plan = { method: 'GET' as const, url, read: 'json' as const, safe: true, options };
    return this.transport.call({ ...plan, maxBodyBytes: MAX_SCHEMA_BYTES }, (r) =>
      parseModelSchema(json(r), r.status),
    );
  }

  private checked(family: FamilyId, body: Record<string, unknown>): Record<string, unknown> {
    const { models } = this.options;
    // A stored reference is the studio's own name for an image; the engine expands it before sending.
    if (containsReference(body)) {
      throw new GatewayError(
        validationError('A reference image was not turned into a data URL before sending.', null),
      );
    }
    const result = checkBody(family, body, typeof models === 'function' ? models() : models);
    if (result.ok) return result.body;
    throw new GatewayError(
      validationError(problemsMessage(result.problems), result.problems[0]?.path || null),
    );
  }
}

/** A failed task's error is the gateway's text too. */
function scrubbedTask(snapshot: TaskSnapshot, key: string): TaskSnapshot {
  return snapshot.error ? { ...snapshot, error: scrubErrorTexts(snapshot.error, [key]) } : snapshot;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  return new GatewayClient(options);
}
