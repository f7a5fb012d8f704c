// Which key submitted each task, so its polls carry that key even after the creator switches keys: the real
// gateway answers a task only to the key (or user) that made it, so a task polled with the new key of another
// account would be refused (403) and failed. The task row keeps a fingerprint of the key (key_ref), never the
// key; the key itself is kept in a secret store (the one the API key lives in: the OS keychain in the desktop
// app, a 0600 file in web mode) for as long as a task it submitted is unfinished or has files still to come, so a
// restart polls with it too, and renews a completed task's expired links with it.
// A remembered key the gateway refuses (401/403: revoked, or the account changed) is forgotten and the current
// key is used from then on.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SecretRecord } from '../settings/secret-record';
import type { SecretStore, Warn } from '../settings/settings-store';
import type { Logger } from '../log';
import { describeThrown } from '../log';

/** The keys that submitted unfinished tasks, by fingerprint. */
export interface KeyVault {
  read(): Promise<Record<string, string>>;
  write(keys: Record<string, string>): Promise<void>;
}

/** A fingerprint that names a key on a task row without being it: a hash, cut short, under our own prefix. */
export function keyRef(key: string): string {
  return createHash('sha256').update(`gateway-studio submitting key\n${key}`).digest('hex').slice(0, 20);
}

const vaultSchema = z
  .record(z.string().regex(/^[0-9a-f]{20}$/), z.string().min(1))
  .refine((keys) => Object.keys(keys).length <= 64, 'too many keys');

/** The vault kept as one JSON value in a SecretStore, encrypted or protected as that store keeps its secret. */
export function keyVaultIn(store: SecretStore, warn?: Warn): KeyVault {
  const record = new SecretRecord(store, vaultSchema, 'keys of unfinished tasks', warn);
  return {
    read: async () => (await record.get()) ?? {},
    write: async (keys) => (Object.keys(keys).length === 0 ? record.clear() : record.set(keys)),
  };
}

export class SubmittingKeys {
  readonly #byTask = new Map<string, string>();
  /** Vault writes in order: each reads what the one before wrote. */
  #writes: Promise<void> = Promise.resolve();
  /** The fingerprints in the vault as last read or written: a prune with nothing to drop reads nothing. */
  #kept = new Set<string>();

  constructor(
    private readonly vault: KeyVault | null = null,
    private readonly logger?: Logger,
  ) {}

  remember(taskId: string, key: string | null): void {
    if (key) this.#byTask.set(taskId, key);
  }

  /**
   * Keeps the key in the vault before the task that uses it is sent, and returns the fingerprint its row keeps.
   * A vault that cannot be written (a locked keychain) costs only the restart case: this run still remembers it.
   */
  async keep(key: string): Promise<string> {
    const ref = keyRef(key);
    await this.#change((keys) => (keys[ref] === key ? null : { ...keys, [ref]: key }));
    return ref;
  }

  /** After a restart: each task in use's key from the vault, and the keys no task in use was sent with dropped. */
  async restore(tasks: readonly { id: string; keyRef: string }[]): Promise<void> {
    let keys: Record<string, string> = {};
    try {
      keys = this.vault ? await this.vault.read() : {};
    } catch (thrown) {
      this.#warn('the keys of unfinished tasks could not be read', thrown);
    }
    for (const task of tasks) {
      const key = keys[task.keyRef];
      if (key && keyRef(key) === task.keyRef) this.remember(task.id, key);
    }
    this.#kept = new Set(Object.keys(keys));
    await this.prune(new Set(tasks.map((t) => t.keyRef)));
  }

  /** Drops from the vault every key no task in use was submitted with (asked only when one may be). */
  async prune(inUse: ReadonlySet<string> | (() => ReadonlySet<string>)): Promise<void> {
    if (this.#kept.size === 0) return;
    const refs = typeof inUse === 'function' ? inUse() : inUse;
    if ([...this.#kept].every((ref) => refs.has(ref))) return;
    await this.#change((keys) => {
      const kept = Object.fromEntries(Object.entries(keys).filter(([ref]) => refs.has(ref)));
      return Object.keys(kept).length === Object.keys(keys).length ? null : kept;
    });
  }

  /** The call options that make a request with the task's own key, or none (the client's current key). */
  optionsFor(taskId: string): { apiKey?: string } {
    const key = this.#byTask.get(taskId);
    return key ? { apiKey: key } : {};
  }

  has(taskId: string): boolean {
    return this.#byTask.has(taskId);
  }

  forget(taskId: string): void {
    this.#byTask.delete(taskId);
  }

  #change(next: (keys: Record<string, string>) => Record<string, string> | null): Promise<void> {
    const vault = this.vault;
    if (!vault) return Promise.resolve();
    this.#writes = this.#writes.then(async () => {
      try {
        const keys = await vault.read();
        const changed = next(keys);
        if (changed) await vault.write(changed);
        this.#kept = new Set(Object.keys(changed ?? keys));
      } catch (thrown) {
        this.#warn('the keys of unfinished tasks could not be kept', thrown);
      }
    });
    return this.#writes;
  }

  /** Resolves once every change asked of the vault so far is written (the engine's close waits for it). */
  written(): Promise<void> {
    return this.#writes;
  }

  #warn(message: string, thrown: unknown): void {
    // The reason is the store's own (a locked keychain, a full disk), never the key.
    this.logger?.warn(message, { reason: describeThrown(thrown) });
  }
}
