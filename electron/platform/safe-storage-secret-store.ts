// The API key encrypted with Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet); electron-store keeps
// only the base64 ciphertext. Where the OS offers no real protection (no keyring on Linux: the 'basic_text'
// backend encrypts with a fixed password), the key is kept in memory for this run instead of on disk.
import type { SafeStorage } from 'electron';
import type { SecretStore, Warn } from '../core/settings/settings-store';
import type { KeyValueStore } from './key-value-store';

export const KEY_FIELD = 'secrets.apiKey';
/** The sync remote's credentials and passphrase (one JSON value), kept the same way as the key. */
export const SYNC_SECRETS_FIELD = 'secrets.sync';
/** The keys that sent unfinished tasks (core/tasks/submitting-keys.ts), encrypted like the key. */
export const TASK_KEYS_FIELD = 'secrets.taskKeys';
/** The agents' loopback endpoint token (electron/host/agents-token.ts), encrypted like the key. */
export const AGENT_TOKEN_FIELD = 'secrets.agentToken';

/** Which secret this store keeps: its electron-store field, and its name in the warnings. */
export interface SecretSlot {
  field: string;
  name: string;
}

const API_KEY_SLOT: SecretSlot = { field: KEY_FIELD, name: 'the API key' };

export type SafeStorageLike = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync'
> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export class SafeStorageSecretStore implements SecretStore {
  #memory: string | null = null;
  #warned = false;

  constructor(
    private readonly store: KeyValueStore,
    private readonly safeStorage: SafeStorageLike,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly warn: Warn = (m) => console.warn(m),
    private readonly slot: SecretSlot = API_KEY_SLOT,
  ) {}

  private async canPersist(): Promise<boolean> {
    const available = await this.safeStorage.isAsyncEncryptionAvailable();
    const weak = this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend?.() === 'basic_text';
    if ((!available || weak) && !this.#warned) {
      this.#warned = true;
      this.warn(
        `secrets: no OS keyring available; ${this.slot.name} is kept in memory for this session only.`,
      );
    }
    return available && !weak;
  }

  async keptAs(): Promise<'keychain' | 'memory'> {
    return (await this.canPersist()) ? 'keychain' : 'memory';
  }

  async getKey(): Promise<string | null> {
    if (this.#memory !== null) return this.#memory;
    const stored = this.store.get(this.slot.field);
    if (typeof stored !== 'string' || stored === '') return null;
    try {
      const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(
        Buffer.from(stored, 'base64'),
      );
      if (shouldReEncrypt) await this.setKey(result);
      return result;
    } catch {
      // Ciphertext from another machine or user profile cannot be read: ask for the key again.
      this.store.delete(this.slot.field);
      this.warn(`secrets: ${this.slot.name} could not be decrypted and was removed; please enter it again.`);
      return null;
    }
  }

  async hasKey(): Promise<boolean> {
    return (await this.getKey()) !== null;
  }

  async setKey(key: string): Promise<void> {
    if (await this.canPersist()) {
      const encrypted = await this.safeStorage.encryptStringAsync(key);
      this.store.set(this.slot.field, encrypted.toString('base64'));
      this.#memory = null;
    } else {
      this.store.delete(this.slot.field);
      this.#memory = key;
    }
  }

  async clearKey(): Promise<void> {
    this.#memory = null;
    this.store.delete(this.slot.field);
  }
}
