// [EP-IMAGE-I2HDR-1]: a retried submission with the same Idempotency-Key and body gets the original
// answer (and creates no second task); the same key with another body is a client bug and answers 409.
import { createHash } from 'node:crypto';
import { SimError } from './errors';
import type { Reply } from './http-util';

export interface Remembered {
  bodyHash: string;
  reply: Reply;
  expiresAtMs: number;
}

/** Key order does not make two bodies different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const hashBody = (path: string, body: unknown): string =>
  createHash('sha256').update(path).update('\n').update(canonical(body)).digest('hex');

export class IdempotencyStore {
  private readonly seen = new Map<string, Remembered>();

  /** The remembered reply for a replay, null for a new key; throws 409 for a reused key. */
  lookup(userId: string, key: string, bodyHash: string, now: number): Reply | null {
    const remembered = this.seen.get(`${userId}\n${key}`);
    if (!remembered || remembered.expiresAtMs <= now) return null;
    if (remembered.bodyHash !== bodyHash) {
      throw new SimError({
        status: 409,
        type: 'idempotency_error',
        code: 'idempotency_key_reused',
        param: 'Idempotency-Key',
        message: 'This Idempotency-Key was already used with a different request body.',
      });
    }
    return remembered.reply;
  }

  remember(userId: string, key: string, bodyHash: string, reply: Reply, expiresAtMs: number): void {
    this.seen.set(`${userId}\n${key}`, { bodyHash, reply, expiresAtMs });
  }

  /** Remembered replies by their user-and-key, for the demo gateway's state file. */
  export(): [string, Remembered][] {
    return [...this.seen.entries()];
  }

  restore(entries: readonly [string, Remembered][]): void {
    this.seen.clear();
    for (const [key, remembered] of entries) this.seen.set(key, remembered);
  }
}
