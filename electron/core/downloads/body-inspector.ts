// What a result's body may be, judged as it arrives, before and as it is written: counted against the size
// it announced and the ceiling, timed against a slowest acceptable rate, its first bytes sniffed against its
// Content-Type, and its progress told. fetch-to-file.ts moves the bytes; this says whether they may stay.
import { byteSize } from '../../../shared/studio/byte-size';
import { DownloadError } from './download-error';
import { SNIFF_BYTES, contentTypeMatches, sniffMedia } from './media-sniff';
import type { SniffedType } from './media-sniff';
import type { FetchToFileOptions } from './fetch-to-file';

/** No result the gateway makes comes near this; a larger Content-Length is a broken or hostile answer. */
export const MAX_DOWNLOAD_BYTES = 16 * 1024 ** 3;
const DEFAULT_MIN_BYTES_PER_SECOND = 64 * 1024;
// How often a download still arriving says how far it got, however few bytes came meanwhile.
const PROGRESS_EVERY_MS = 250;
const DEFAULT_GRACE_MS = 30_000;

export interface Limits {
  maxBytes: number;
  minBytesPerSecond: number;
  graceMs: number;
  now: () => number;
}

export function limitsOf(options: FetchToFileOptions): Limits {
  return {
    maxBytes: options.maxBytes ?? MAX_DOWNLOAD_BYTES,
    minBytesPerSecond: options.minBytesPerSecond ?? DEFAULT_MIN_BYTES_PER_SECOND,
    graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
    now: options.now ?? Date.now,
  };
}

export function tooLarge(bytes: number, max: number): DownloadError {
  return new DownloadError(
    'too_large',
    `the file is ${byteSize(bytes)}, more than the ${byteSize(max)} a result may be`,
    false,
  );
}

/**
 * Counts and sniffs the bytes as they pass, and reports progress. A bad first chunk fails the download before
 * it is written. Chunks are views of a reused receive buffer: the few head bytes it keeps are copied.
 */
export class Inspector {
  received = 0;
  sniffed: SniffedType | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private lastReported = 0;
  private lastReportedAt = 0;
  private readonly startedAt: number;

  constructor(
    private readonly contentType: string | undefined,
    private readonly total: number | null,
    private readonly onProgress: FetchToFileOptions['onProgress'],
    private readonly reportEvery: number,
    private readonly limits: Limits,
  ) {
    this.startedAt = limits.now();
    this.lastReportedAt = this.startedAt;
  }

  inspect(chunk: Buffer): DownloadError | null {
    this.received += chunk.length;
    if (this.total !== null && this.received > this.total) {
      return new DownloadError('size_mismatch', `more bytes than the ${this.total} announced`, true);
    }
    if (this.received > this.limits.maxBytes) return tooLarge(this.received, this.limits.maxBytes);
    const elapsed = this.limits.now() - this.startedAt;
    const expected = Math.max(this.received, this.total ?? 0);
    if (elapsed > this.limits.graceMs + (expected / this.limits.minBytesPerSecond) * 1000) {
      const of = this.total === null ? '' : ` of ${this.total}`;
      return new DownloadError(
        'too_slow',
        `the file arrived too slowly: ${this.received}${of} bytes in ${Math.round(elapsed / 1000)} s`,
        true,
      );
    }
    if (!this.sniffed) {
      const piece = Buffer.from(chunk.subarray(0, SNIFF_BYTES - this.headLength));
      this.head.push(piece);
      this.headLength += piece.length;
      if (this.headLength < SNIFF_BYTES) return null;
      const error = this.judge(Buffer.concat(this.head));
      this.head = [];
      if (error) return error;
    }
    // Also by time: a small file on a slow link would otherwise say nothing until it is whole.
    const now = this.limits.now();
    const bytesDue = this.received - this.lastReported >= this.reportEvery;
    if (bytesDue || now - this.lastReportedAt >= PROGRESS_EVERY_MS) {
      this.lastReported = this.received;
      this.lastReportedAt = now;
      this.onProgress?.(this.received, this.total);
    }
    return null;
  }

  /** After the last byte: a body shorter than SNIFF_BYTES is judged now. */
  finish(): DownloadError | null {
    if (!this.sniffed) {
      const error = this.judge(Buffer.concat(this.head));
      if (error) return error;
    }
    this.onProgress?.(this.received, this.total);
    return null;
  }

  private judge(head: Buffer): DownloadError | null {
    const sniffed = sniffMedia(head);
    if (!sniffed) return new DownloadError('unknown_type', 'the bytes are not a known media type', false);
    if (!contentTypeMatches(this.contentType, sniffed)) {
      return new DownloadError(
        'type_mismatch',
        `Content-Type ${this.contentType ?? ''} but the bytes are ${sniffed.mime}`,
        false,
      );
    }
    this.sniffed = sniffed;
    return null;
  }
}

export function inspectorFor(
  contentType: string | undefined,
  total: number | null,
  options: FetchToFileOptions,
  limits: Limits,
) {
  return new Inspector(contentType, total, options.onProgress, options.progressEveryBytes ?? 1 << 20, limits);
}

export function checkEnd(inspector: Inspector, total: number | null): SniffedType {
  const error = inspector.finish();
  if (error) throw error;
  if (total !== null && inspector.received !== total) {
    throw new DownloadError('size_mismatch', `got ${inspector.received} of ${total} bytes`, true);
  }
  if (!inspector.sniffed) throw new DownloadError('unknown_type', 'empty body', false);
  return inspector.sniffed;
}
