// Any S3-compatible bucket (AWS, R2, B2, MinIO) through the AWS SDK. A PUT is atomic on S3 (an object is there
// whole or not at all), big files go up in parts (lib-storage's Upload: the object appears only when the last
// part is completed), and "write if absent" is If-None-Match: * where the service has it. A service without
// it (s3rver, older MinIO) overwrites instead, which sync only ever asks for where either outcome is correct.
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { SyncProblemKind } from '../../../shared/studio/sync';
import type { RemoteAgents } from './remote-factory';
import { networkProblem, otherProblem, remoteProblem } from './remote-errors';
import { SyncRemoteError } from './sync-remote';
import type { PutOptions, PutOutcome, RemoteObjectInfo, SyncRemote } from './sync-remote';

export interface S3RemoteOptions {
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A request with no answer for this long fails (and is retried by the next round). */
  requestTimeoutMs?: number;
  /** The proxy's agents (remote-factory.ts); direct without. */
  agents?: RemoteAgents;
}

/** Multipart above this; each part this size (S3's minimum part is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

export class S3Remote implements SyncRemote {
  readonly label: string;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3RemoteOptions) {
    this.#bucket = options.bucket;
    this.#prefix = options.prefix.replace(/^\/+|\/+$/g, '');
    this.label = `The bucket ${options.bucket}`;
    this.#client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // One try per call: the retries are the studio's one request policy (retrying-remote.ts, core/retry.ts), so
      // the SDK's own three beneath its four no longer make one request up to twelve.
      maxAttempts: 1,
      // The SDK's Node handler takes these options whole; its agents are the proxy's, when there is one.
      requestHandler: {
        requestTimeout: options.requestTimeoutMs ?? 60_000,
        connectionTimeout: 10_000,
        ...(options.agents ? { httpAgent: options.agents.http, httpsAgent: options.agents.https } : {}),
      },
    });
  }

  #key(key: string): string {
    return this.#prefix === '' ? key : `${this.#prefix}/${key}`;
  }

  #fail(error: unknown, writing: boolean): never {
    const network = networkProblem(error, this.label);
    if (network) throw network;
    const make = (kind: SyncProblemKind, message: string, transient: boolean): never => {
      throw new SyncRemoteError(kind, message, transient, { cause: error });
    };
    if (error instanceof S3ServiceException) {
      switch (error.name) {
        case 'NoSuchBucket':
          return make('missing-bucket-or-folder', `${this.label} does not exist.`, false);
        case 'InvalidAccessKeyId':
        case 'SignatureDoesNotMatch':
          return make('auth', `${this.label} refused the access key or secret.`, false);
        case 'RequestTimeTooSkewed':
          return make(
            'clock-skew',
            `This computer's clock is too far from the server's: set the clock right, then try again.`,
            false,
          );
        case 'AccessDenied':
          return writing
            ? make('no-write-permission', `${this.label} does not let this access key write.`, false)
            : make('auth', `${this.label} refused access with this key.`, false);
        case 'QuotaExceeded':
        case 'EntityTooLarge':
          return make('quota-full', `${this.label} is over its storage quota.`, true);
        case 'SlowDown':
          return make('other', `${this.label} asks to slow down (SlowDown). Sync will try again.`, true);
        default:
          throw remoteProblem(error, this.label, writing, error.$metadata.httpStatusCode ?? 0);
      }
    }
    throw otherProblem(error, this.label);
  }

  async get(key: string, signal?: AbortSignal): Promise<Buffer | null> {
    const stream = await this.getStream(key, signal);
    if (!stream) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      return this.#fail(error, false);
    }
  }

  async getStream(key: string, signal?: AbortSignal): Promise<Readable | null> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }),
        {
          abortSignal: signal,
        },
      );
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      ) {
        if (error.name === 'NoSuchBucket') return this.#fail(error, false);
        return null;
      }
      return this.#fail(error, false);
    }
  }

  async put(key: string, body: Buffer, options: PutOptions = {}, signal?: AbortSignal): Promise<PutOutcome> {
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: this.#key(key),
          Body: body,
          ...(options.ifAbsent ? { IfNoneMatch: '*' } : {}),
        }),
        { abortSignal: signal },
      );
      return 'written';
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) return 'exists';
      return this.#fail(error, true);
    }
  }

  async putStream(key: string, body: () => Readable, size: number, signal?: AbortSignal): Promise<void> {
    try {
      const upload = new Upload({
        client: this.#client,
        params: { Bucket: this.#bucket, Key: this.#key(key), Body: body(), ContentLength: size },
        partSize: PART_BYTES,
        queueSize: 4,
        // A part that failed leaves nothing behind: the upload is aborted, never completed half.
        leavePartsOnError: false,
        ...(signal ? { abortController: abortControllerFor(signal) } : {}),
      });
      await upload.done();
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#fail(error, true);
    }
  }

  async head(key: string, signal?: AbortSignal): Promise<RemoteObjectInfo | null> {
    try {
      const answer = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }),
        {
          abortSignal: signal,
        },
      );
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      return this.#fail(error, false);
    }
  }

  async list(folder: string, signal?: AbortSignal): Promise<string[]> {
    const prefix = `${this.#key(folder)}/`;
    const names: string[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.#bucket,
            Prefix: prefix,
            Delimiter: '/',
            ContinuationToken: token,
          }),
          { abortSignal: signal },
        );
        for (const common of page.CommonPrefixes ?? []) {
          if (common.Prefix) names.push(common.Prefix.slice(prefix.length).replace(/\/$/, ''));
        }
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      return this.#fail(error, false);
    }
    return names;
  }

  async probe(signal?: AbortSignal): Promise<void> {
    try {
      // A listing, not HeadBucket: an answer to HEAD has no body, so its error code (NoSuchBucket,
      // RequestTimeTooSkewed, InvalidAccessKeyId) would be lost.
      await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: `${this.#key('devices')}/`,
          Delimiter: '/',
        }),
        { abortSignal: signal },
      );
    } catch (error) {
      this.#fail(error, false);
    }
    const key = `probe-${randomUUID()}`;
    await this.put(key, Buffer.from('probe'), {}, signal);
    await this.#client
      .send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }), { abortSignal: signal })
      .catch((error: unknown) => this.#fail(error, true));
  }
}

function abortControllerFor(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}
