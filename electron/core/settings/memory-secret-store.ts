// The key held in memory only, for tests and the desktop app's fallback when no OS keychain is available. Web
// mode keeps its key in a 0600 file instead (FileSecretStore), so crash recovery has it after a restart.
import type { SecretStore } from './settings-store';

export class MemorySecretStore implements SecretStore {
  #key: string | null;

  constructor(initialKey: string | null = null) {
    this.#key = initialKey;
  }

  async keptAs(): Promise<'memory'> {
    return 'memory';
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
