// Web mode's key, kept across restarts in a file only the user can read (0600) in the data folder, never in the
// library folder (Settings refuses a library folder that is or contains the data folder, and /media/ serves
// library items only). It is not encrypted: plain Node has no OS keychain to bind to, and a key encrypted under
// a second key stored beside it would be obfuscation. File permissions are the protection, as for ~/.netrc or
// an SSH key; the desktop app keeps its key in the OS keychain through safeStorage instead.
//
// Why not memory only: a key lost on restart breaks crash recovery. An I2 submission caught mid-flight is
// resent under its Idempotency-Key when the engine restarts, and that resend needs the key at once.
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStore, Warn } from './settings-store';

/** Owner read and write, nobody else. */
const OWNER_ONLY = 0o600;

export interface FileSecretStoreOptions {
  /**
   * Another process writes this file too (the keys of unfinished tasks, which web mode and the CLI keep in the
   * one file of a shared data folder): it is read again at each get, so a read-change-write never writes back a
   * copy that misses what the other process kept since.
   */
  shared?: boolean;
}

export class FileSecretStore implements SecretStore {
  #key: string | null | undefined;

  constructor(
    private readonly path: string,
    private readonly warn: Warn = () => undefined,
    private readonly options: FileSecretStoreOptions = {},
  ) {}

  async keptAs(): Promise<'file'> {
    return 'file';
  }

  async getKey(): Promise<string | null> {
    if (this.#key === undefined || this.options.shared) this.#key = await this.#read();
    return this.#key;
  }

  async hasKey(): Promise<boolean> {
    return (await this.getKey()) !== null;
  }

  async setKey(key: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    // Written whole under a temporary name created 0600 (never readable by others, not even for a moment),
    // flushed, then renamed over the old file: a crash leaves the old key or the new one, never half of one.
    const temporary = `${this.path}.${randomUUID()}.tmp`;
    const handle = await open(temporary, 'wx', OWNER_ONLY);
    try {
      await handle.writeFile(`${key}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.#key = key;
  }

  async clearKey(): Promise<void> {
    await rm(this.path, { force: true });
    this.#key = null;
  }

  async #read(): Promise<string | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return null;
    }
    try {
      // A file others can read (copied in by hand, restored from a backup) is narrowed back to its owner.
      const { mode } = await stat(this.path);
      if ((mode & 0o077) !== 0) {
        await chmod(this.path, OWNER_ONLY);
        this.warn(
          `web mode: the key file ${this.path} was readable by others; it is now readable by you only.`,
        );
      }
    } catch {
      // Permissions that cannot be read or changed (another file system) do not make the key unusable.
    }
    const key = text.trim();
    return key === '' ? null : key;
  }
}
