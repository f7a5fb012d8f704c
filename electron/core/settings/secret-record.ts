// A structured secret (the sync remote's credentials and passphrase) kept in a SecretStore like the API key: one
// JSON value through the same store, so it is encrypted by safeStorage in the desktop app and in a 0600 file in
// web mode, with nothing new to get right. A value that no longer parses is dropped with a warning, never shown.
import type { z } from 'zod';
import type { SecretStore, Warn } from './settings-store';

export class SecretRecord<T> {
  readonly #store: SecretStore;
  readonly #schema: z.ZodType<T>;
  readonly #warn: Warn;
  readonly #name: string;

  constructor(store: SecretStore, schema: z.ZodType<T>, name: string, warn: Warn = () => undefined) {
    this.#store = store;
    this.#schema = schema;
    this.#name = name;
    this.#warn = warn;
  }

  async get(): Promise<T | null> {
    const raw = await this.#store.getKey();
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = this.#schema.safeParse(parsed);
    if (result.success) return result.data;
    // The value itself is never part of the warning: it is the secret.
    this.#warn(`secrets: the stored ${this.#name} could not be read and was ignored; please enter it again.`);
    return null;
  }

  async set(value: T): Promise<void> {
    await this.#store.setKey(JSON.stringify(this.#schema.parse(value)));
  }

  async clear(): Promise<void> {
    await this.#store.clearKey();
  }
}
