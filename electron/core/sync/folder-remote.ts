// A plain folder as the remote (a mounted NAS, or a folder Syncthing, Dropbox or iCloud Drive carries). Every
// write goes to a temporary name first and is renamed into place, so a reader (or a sync tool copying the
// folder) never sees half an object; "write if absent" is a hard link, which fails when the name exists.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SyncProblemKind } from '../../../shared/studio/sync';
import { otherProblem } from './remote-errors';
import { SyncRemoteError } from './sync-remote';
import type { PutOptions, PutOutcome, RemoteObjectInfo, SyncRemote } from './sync-remote';

const TMP = '.tmp';

const code = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

export class FolderRemote implements SyncRemote {
  readonly label: string;

  constructor(private readonly root: string) {
    this.label = `The folder ${root}`;
  }

  #path(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  #fail(error: unknown): never {
    if (error instanceof SyncRemoteError) throw error;
    const make = (kind: SyncProblemKind, message: string, transient: boolean): never => {
      throw new SyncRemoteError(kind, message, transient, { cause: error });
    };
    switch (code(error)) {
      case 'EACCES':
      case 'EPERM':
      case 'EROFS':
        return make('no-write-permission', `${this.label} cannot be written to by this account.`, false);
      case 'ENOSPC':
      case 'EDQUOT':
        return make('quota-full', `${this.label} is on a full disk.`, true);
      case 'ENOENT':
        return make(
          'missing-bucket-or-folder',
          `${this.label} does not exist (is the drive mounted?).`,
          false,
        );
      default:
        throw otherProblem(error, this.label);
    }
  }

  async #rootExists(): Promise<void> {
    const info = await stat(this.root).catch(() => null);
    if (!info?.isDirectory()) {
      throw new SyncRemoteError(
        'missing-bucket-or-folder',
        `${this.label} does not exist (is the drive mounted?).`,
        false,
      );
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if (code(error) === 'ENOENT') return null;
      return this.#fail(error);
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    if ((await this.head(key)) === null) return null;
    return createReadStream(this.#path(key));
  }

  async #temp(): Promise<string> {
    await this.#rootExists();
    const dir = join(this.root, TMP);
    await mkdir(dir, { recursive: true });
    return join(dir, randomUUID());
  }

  async #place(temp: string, key: string, ifAbsent: boolean): Promise<PutOutcome> {
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true });
    if (!ifAbsent) {
      await rename(temp, target);
      return 'written';
    }
    try {
      await link(temp, target);
      return 'written';
    } catch (error) {
      if (code(error) === 'EEXIST') return 'exists';
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async put(key: string, body: Buffer, options: PutOptions = {}): Promise<PutOutcome> {
    try {
      const temp = await this.#temp();
      await writeFile(temp, body, { flush: true });
      return await this.#place(temp, key, options.ifAbsent ?? false);
    } catch (error) {
      return this.#fail(error);
    }
  }

  async putStream(key: string, body: () => Readable, size: number, signal?: AbortSignal): Promise<void> {
    try {
      const temp = await this.#temp();
      try {
        await pipeline(body(), createWriteStream(temp, { flush: true }), { signal });
        const written = await stat(temp);
        if (written.size !== size) throw new Error(`wrote ${written.size} bytes of ${size}`);
        await this.#place(temp, key, false);
      } finally {
        await rm(temp, { force: true });
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#fail(error);
    }
  }

  async head(key: string): Promise<RemoteObjectInfo | null> {
    const info = await stat(this.#path(key)).catch((error: unknown) => {
      if (code(error) === 'ENOENT') return null;
      return this.#fail(error);
    });
    return info?.isFile() ? { size: info.size } : null;
  }

  async list(folder: string): Promise<string[]> {
    try {
      return (await readdir(this.#path(folder), { withFileTypes: true })).map((entry) => entry.name);
    } catch (error) {
      if (code(error) === 'ENOENT') {
        await this.#rootExists();
        return [];
      }
      return this.#fail(error);
    }
  }

  /** "Create this folder": the folder and any missing above it. Only an absolute path: a relative one would land
   * wherever the studio happened to start. */
  async createRoot(): Promise<void> {
    if (!isAbsolute(this.root)) {
      throw new SyncRemoteError(
        'missing-bucket-or-folder',
        `${this.label} is not an absolute path, so it was not created: give the whole path from the drive's root.`,
        false,
      );
    }
    try {
      await mkdir(this.root, { recursive: true });
    } catch (error) {
      this.#fail(error);
    }
  }

  async probe(): Promise<void> {
    await this.#rootExists();
    const key = `${TMP}/probe-${randomUUID()}`;
    try {
      await this.put(key, Buffer.from('probe'));
    } finally {
      await rm(this.#path(key), { force: true });
    }
  }
}
