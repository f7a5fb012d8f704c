// What the task engine, the host and the CLI need from the gateway. The axios client implements it; tests of
// the engine may use the real client against the simulator, never a hand-made fake that decides outcomes.
import type { FamilyId, TaskEndpoint } from '../../../shared/catalog/family-ids';
import type { NormalizedAck, TaskSnapshot } from '../../../shared/gateway/normalized';
import type { UsageData, UsageQueryInput } from '../../../shared/gateway/usage';
import type { Readable } from 'node:stream';
import type { ProxyRoute } from '../proxy/proxy-route';
import type { UploadedImage } from '../../../shared/gateway/upload';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Total tries the client may make for this call (1 = no retries of its own). The task engine paces every
   * request under one global budget and handles Retry-After itself, so it passes 1.
   */
  maxAttempts?: number;
  /**
   * false: a try that timed out is not repeated (a gateway that took the request and went silent will most
   * likely do so again), so the call fails within one timeout; other retryable failures still are. Default true.
   */
  retryTimeouts?: boolean;
  /** This call's key instead of the client's current one (a task is polled with the key that submitted it). */
  apiKey?: string;
}

export interface SubmitOptions extends CallOptions {
  /**
   * Sent as Idempotency-Key with every submission and stored on the task row. Only I2's is promised by the
   * spec ([EP-IMAGE-I2HDR-1]); other families may ignore the header, so it never makes a resend safe there.
   */
  idempotencyKey?: string;
}

/** A reference picture to upload (uploadImage). */
export interface ImageUpload {
  bytes: Uint8Array;
  mime: string;
  name: string;
}

export interface SpeechResponse {
  contentType: string;
  /** The audio bytes as they arrive; the caller streams them to disk. */
  stream: Readable;
}

export interface GatewayPort {
  /** The gateway's base URL, when there is one (result links on local addresses are trusted only from a local gateway). */
  readonly baseUrl?: string;
  /** The way out the calls take (direct or the creator's proxy); result downloads take the same. */
  readonly proxy?: ProxyRoute;
  /** Validates body with the family's catalog schema, POSTs it, normalises the ack. Throws GatewayError. */
  submit(family: FamilyId, body: Record<string, unknown>, options?: SubmitOptions): Promise<NormalizedAck>;
  getTask(taskId: string, endpoint: TaskEndpoint, options?: CallOptions): Promise<TaskSnapshot>;
  /** The key calls are made with right now (read from its source), or null when none can be read. */
  currentKey?(): Promise<string | null>;
  speech(body: Record<string, unknown>, options?: CallOptions): Promise<SpeechResponse>;
  /** POST /v1/uploads/images (seen in public clients), where the gateway offers it; never retried. */
  uploadImage?(image: ImageUpload, options?: CallOptions): Promise<UploadedImage>;
  /**
   * [EP-USAGE-1] the usage report, for reconciling a charge the app could not follow and reading a speech
   * take's cost; cache is [EP-USAGE-3]'s X-Usage-Cache (null when the gateway did not say).
   */
  usage?(
    query: UsageQueryInput,
    options?: CallOptions,
  ): Promise<{ report: UsageData; cache?: 'hit' | 'miss' | null }>;
}
