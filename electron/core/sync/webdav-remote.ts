// A WebDAV folder (Nextcloud, ownCloud, a NAS, rclone) through the `webdav` client. Many servers answer 404 to a
// PUT into a folder that does not exist yet (rclone among them), so folders are made (MKCOL) before the first
// write into them. A PUT cut off half-way may leave a short object on some servers: sync never takes an object
// as complete on a PUT alone (sizes are checked before a change log names a file, sha256 after a download).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createClient } from 'webdav';
import type { FileStat, WebDAVClient } from 'webdav';
import { remoteProblem } from './remote-errors';
import type { RemoteAgents } from './remote-factory';
import type { PutOptions, PutOutcome, RemoteObjectInfo, SyncRemote } from './sync-remote';

export interface WebdavRemoteOptions {
  url: string;
  user: string;
  password: string;
  /** A small request (not a file's upload or download) with no answer for this long fails. */
  requestTimeoutMs?: number;
  /** The proxy's agents (remote-factory.ts); direct without. */
  agents?: RemoteAgents;
}

const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown; response?: { status?: unknown } } | null)?.status;
  return typeof status === 'number' ? status : null;
};

export class WebdavRemote implements SyncRemote {
  readonly label: string;
  readonly #client: WebDAVClient;
  /** Folders made (or being made) by this adapter, which lives for one round: made once, not before every write. */
  readonly #folders = new Map<string, Promise<void>>();
  readonly #timeoutMs: number;
  /** The server's root, for making the remote's own folder (and those above it): the client above is inside it. */
  readonly #server: WebDAVClient;
  /** The folder's path on the server, its names decoded ('/remote.php/dav/files/me/Studio' as names). */
  readonly #rootNames: string[];

  constructor(options: WebdavRemoteOptions) {
    const url = new URL(options.url);
    this.label = `The WebDAV server at ${url.host}`;
    this.#timeoutMs = options.requestTimeoutMs ?? 60_000;
    // The login, and the proxy's agents when there is one (remote-factory.ts).
    const clientOptions = {
      ...(options.user !== '' ? { username: options.user, password: options.password } : {}),
      ...(options.agents ? { httpAgent: options.agents.http, httpsAgent: options.agents.https } : {}),
    };
    this.#client = createClient(options.url, clientOptions);
    this.#server = createClient(url.origin, clientOptions);
    this.#rootNames = url.pathname
      .split('/')
      .filter((name) => name !== '')
      .map((name) => decodeURIComponent(name));
  }

  /** The caller's signal, or a timeout, whichever ends first (the client has no timeout of its own). */
  #signal(signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }

  #fail(error: unknown, writing: boolean): never {
    throw remoteProblem(error, this.label, writing, statusOf(error));
  }

  async get(key: string, signal?: AbortSignal): Promise<Buffer | null> {
    try {
      const body = await this.#client.getFileContents(`/${key}`, {
        format: 'binary',
        signal: this.#signal(signal),
      });
      return Buffer.from(body as ArrayBuffer);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      return this.#fail(error, false);
    }
  }

  async getStream(key: string, signal?: AbortSignal): Promise<Readable | null> {
    if ((await this.head(key, signal)) === null) return null;
    return this.#client.createReadStream(`/${key}`, { signal }) as unknown as Readable;
  }

  /** Makes each folder of a key's path once: concurrent uploads into one new folder share one MKCOL (two MKCOLs of
   * one path at once are what make a WebDAV server answer 423 Locked). A failed folder is forgotten, so a retry
   * makes it again. */
  async #ensureFolder(key: string, signal?: AbortSignal): Promise<void> {
    const parts = key.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = `/${parts.slice(0, i).join('/')}`;
      let made = this.#folders.get(folder);
      if (!made) {
        made = this.#makeFolder(folder, signal);
        this.#folders.set(folder, made);
        made.catch(() => this.#folders.delete(folder));
      }
      await made;
    }
  }

  async #makeFolder(folder: string, signal?: AbortSignal): Promise<void> {
    try {
      const there = await this.#client.stat(folder, { signal: this.#signal(signal) }).then(
        () => true,
        (error: unknown) => {
          if (statusOf(error) === 404) return false;
          throw error;
        },
      );
      if (!there) await this.#client.createDirectory(folder, { signal: this.#signal(signal) });
    } catch (error) {
      // 405: made meanwhile by another device (MKCOL on an existing collection).
      if (statusOf(error) !== 405) this.#fail(error, true);
    }
  }

  async put(key: string, body: Buffer, options: PutOptions = {}, signal?: AbortSignal): Promise<PutOutcome> {
    await this.#ensureFolder(key, signal);
    try {
      const written = await this.#client.putFileContents(`/${key}`, body, {
        overwrite: !(options.ifAbsent ?? false),
        signal: this.#signal(signal),
      });
      return written ? 'written' : 'exists';
    } catch (error) {
      return this.#fail(error, true);
    }
  }

  async putStream(key: string, body: () => Readable, size: number, signal?: AbortSignal): Promise<void> {
    await this.#ensureFolder(key, signal);
    try {
      await this.#client.putFileContents(`/${key}`, body(), { overwrite: true, contentLength: size, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#fail(error, true);
    }
  }

  async head(key: string, signal?: AbortSignal): Promise<RemoteObjectInfo | null> {
    try {
      const info = await this.#client.stat(`/${key}`, { signal: this.#signal(signal) });
      if (!('type' in info) || info.type !== 'file') return null;
      return { size: info.size };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      return this.#fail(error, false);
    }
  }

  async list(folder: string, signal?: AbortSignal): Promise<string[]> {
    try {
      const entries = (await this.#client.getDirectoryContents(`/${folder}`, {
        signal: this.#signal(signal),
      })) as FileStat[];
      return entries.map((entry) => entry.basename);
    } catch (error) {
      if (statusOf(error) === 404) return [];
      return this.#fail(error, false);
    }
  }

  /**
   * "Create this folder": MKCOL of the remote's folder; a 409 (a folder above it is missing too) makes that one
   * first, walking up no further than needed (the folders of a Nextcloud address above the user's own are not
   * the studio's to touch). 405: the folder is there already.
   */
  async createRoot(signal?: AbortSignal): Promise<void> {
    const make = async (depth: number): Promise<void> => {
      if (depth === 0) return;
      const path = `/${this.#rootNames.slice(0, depth).join('/')}`;
      try {
        await this.#server.createDirectory(path, { signal: this.#signal(signal) });
      } catch (error) {
        const status = statusOf(error);
        if (status === 405) return;
        if (status !== 409 || depth === 1) this.#fail(error, true);
        await make(depth - 1);
        try {
          await this.#server.createDirectory(path, { signal: this.#signal(signal) });
        } catch (again) {
          if (statusOf(again) !== 405) this.#fail(again, true);
        }
      }
    };
    await make(this.#rootNames.length);
  }

  async probe(signal?: AbortSignal): Promise<void> {
    try {
      await this.#client.getDirectoryContents('/', { signal: this.#signal(signal) });
    } catch (error) {
      this.#fail(error, false);
    }
    const key = `probe-${randomUUID()}`;
    await this.put(key, Buffer.from('probe'), {}, signal);
    await this.#client.deleteFile(`/${key}`).catch((error: unknown) => this.#fail(error, true));
  }
}
