// The key held in memory only. Web mode uses it on purpose: without Electron's safeStorage there is no OS
// keychain binding we can rely on from plain Node, and a key on disk under a key stored next to it would be
// obfuscation, not encryption. So in web mode a key the user types lasts for the process lifetime; --demo needs
// none, and the Electron app keeps keys across restarts with safeStorage.
import type { SecretStore } from './settings-store';

export class MemorySecretStore implements SecretStore {
  #key: string | null;

  constructor(initialKey: string | null = null) {
    this.#key = initialKey;
  }

  async getKey(): Promise<string | null> {
    return this.#key;
  }

  async hasKey(): Promise<boolean> {
    return this.#key !== null;
  }

  async setKey(key: string): Promise<void> {
    this.#key = key;
  }

  async clearKey(): Promise<void> {
    this.#key = null;
  }
}
