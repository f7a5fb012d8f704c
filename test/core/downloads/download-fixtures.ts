// Shared pieces of the download tests: a scripted loopback server, real media bytes, and a database with
// one completed task to hang files on.
import { jobMigrations } from '../../../electron/core/jobs/job-migrations';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { ManualClock } from '../../../electron/core/clock';
import { openDatabase } from '../../../electron/core/db/database';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { downloadMigrations } from '../../../electron/core/downloads/download-migrations';
import type { DownloadedFile, LibrarySink } from '../../../electron/core/downloads/library-sink';
import { taskMigrations } from '../../../electron/core/tasks/task-migrations';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import { newTask } from '../../support/new-task';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ScriptedServer {
  url: string;
  hits: Map<string, number>;
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A real 2x2 PNG (decodable), so the library's probe and thumbnails also accept it. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1,
]);

export function serveBytes(body: Buffer, contentType: string): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) });
    res.end(body);
  };
}

/** A LibrarySink that records what it was given (the downloads tests check the downloader, not the library). */
export class RecordingSink implements LibrarySink {
  readonly added: DownloadedFile[] = [];
  readonly known = new Set<string>();
  has(remoteUrl: string): boolean {
    return this.known.has(remoteUrl);
  }
  addFromDownload(download: DownloadedFile): void {
    this.added.push(download);
    this.known.add(download.file.url);
  }
  indexes(path: string): boolean {
    return this.added.some((download) => download.path === path);
  }
}

export interface TaskDb {
  db: DatabaseSync;
  store: TaskStore;
  clock: ManualClock;
  taskId: string;
}

export function taskDb(path: string, clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0))): TaskDb {
  const db = openDatabase(path, [...taskMigrations, ...downloadMigrations, ...jobMigrations]);
  const store = new TaskStore(db);
  const taskId = 'task-0001';
  if (!store.get(taskId)) {
    store.insert(
      newTask({ id: taskId, params: { prompt: 'a lighthouse' }, createdAt: clock.now() }),
      'completed',
    );
  }
  return { db, store, clock, taskId };
}

/** big-body-server.mjs in its own process: only the downloader's memory shows in this process's RSS. */
export async function startBigBodyServer(size: number): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./big-body-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(size)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}/big`, child };
}
