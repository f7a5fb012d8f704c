// End-to-end encryption of everything sync writes, with node:crypto only: scrypt turns the passphrase into
// keys, AES-256-GCM seals every object (file bytes and change logs alike), and HMAC-SHA-256 turns every name
// into an opaque one. The remote, and anyone reading it, sees sizes and timing, nothing else.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import type { DecipherGCM } from 'node:crypto';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('GSE1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** What sealing adds to an object's size: magic, IV, tag. */
export const SEAL_OVERHEAD = MAGIC.length + IV_BYTES + TAG_BYTES;

/** scrypt's cost, kept in the remote's format object so a later build can raise it for new remotes. */
export interface KdfParams {
  salt: string;
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_KDF = { N: 2 ** 15, r: 8, p: 1 } as const;

export interface SyncKeys {
  /** Seals contents. */
  data: Buffer;
  /** Names objects. */
  names: Buffer;
}

export function newKdfParams(): KdfParams {
  return { salt: randomBytes(16).toString('base64'), ...DEFAULT_KDF };
}

export function deriveKeys(passphrase: string, kdf: KdfParams): Promise<SyncKeys> {
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      64,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r },
      (error, key) => {
        if (error) reject(error);
        else resolve({ data: key.subarray(0, 32), names: key.subarray(32, 64) });
      },
    );
  });
}

/** An opaque, stable name for a logical one: the same on every device with the same passphrase. */
export function opaqueName(keys: SyncKeys, logical: string): string {
  return createHmac('sha256', keys.names).update(logical).digest('hex');
}

export function seal(keys: SyncKeys, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.data, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

/** The plain bytes, or null when they were not sealed with these keys (a wrong passphrase) or were altered. */
export function unseal(keys: SyncKeys, sealed: Buffer): Buffer | null {
  if (sealed.length < SEAL_OVERHEAD || !timingSafeEqual(sealed.subarray(0, MAGIC.length), MAGIC)) return null;
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keys.data, iv);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, -TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

/** Seals a stream (a video of a gigabyte never sits in memory): magic and IV first, the tag last. */
export function sealStream(keys: SyncKeys): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.data, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([MAGIC, iv]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done: TransformCallback) {
      if (!started) this.push(Buffer.concat([MAGIC, iv]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * Unseals a stream: the last 16 bytes are held back as the tag, and the stream fails at its end when the tag
 * does not match, so a consumer that waits for the end (a verified download does) never keeps altered bytes.
 */
export function unsealStream(keys: SyncKeys): Transform {
  let head = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let data = chunk;
      if (!decipher) {
        head = Buffer.concat([head, data]);
        if (head.length < MAGIC.length + IV_BYTES) return done();
        if (!head.subarray(0, MAGIC.length).equals(MAGIC)) return done(new Error('not a sealed object'));
        decipher = createDecipheriv(
          'aes-256-gcm',
          keys.data,
          head.subarray(MAGIC.length, MAGIC.length + IV_BYTES),
        );
        data = head.subarray(MAGIC.length + IV_BYTES);
      }
      tail = Buffer.concat([tail, data]);
      if (tail.length <= TAG_BYTES) return done();
      const out = decipher.update(tail.subarray(0, tail.length - TAG_BYTES));
      tail = tail.subarray(tail.length - TAG_BYTES);
      done(null, out);
    },
    flush(done: TransformCallback) {
      if (!decipher || tail.length !== TAG_BYTES) return done(new Error('a sealed object ended early'));
      decipher.setAuthTag(tail);
      try {
        done(null, decipher.final());
      } catch {
        done(new Error('a sealed object failed its check'));
      }
    },
  });
}
