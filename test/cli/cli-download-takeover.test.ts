// Two real CLI processes on one database and library: one downloading a task's file dies (kill -9) mid-body, and
// the other, waiting on the same task (`task <id> --wait`), takes the download over and saves the file, as it
// takes over polling. The file host sends the first request half its bytes and then holds it open, so the
// first process is caught mid-download; later requests are served whole.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, tempDir } from './cli-harness';

const ROOT = resolve(import.meta.dirname, '../..');
let server: Server;
let base: string;
let png: Buffer;
const fileRequests: string[] = [];
const held: ServerResponse[] = [];
/** Told whenever what a test waits for may have happened: a request held, output from a child. */
const changed = new EventEmitter();

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    if (req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 200, data: [{ status: 'submitted', task_id: 'shared-1' }] }));
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      fileRequests.push(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      if (fileRequests.length === 1) {
        // Half the picture, then nothing: the process reading it is caught mid-download.
        res.write(png.subarray(0, png.length >> 1));
        held.push(res);
        changed.emit('change');
        return;
      }
      res.end(png);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'shared-1',
        status: 'completed',
        progress: 100,
        cost: 0.02,
        result: {
          images: [
            { url: [`${base}/files/shared-1.png`], expires_at: Math.floor(Date.now() / 1000) + 24 * 3600 },
          ],
        },
      }),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise<void>((done) => server.close(() => done()));
});

interface Child {
  process: ChildProcessWithoutNullStreams;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function spawnCli(dir: string, env: Record<string, string>, args: string[]): Child {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'electron/cli.ts'), ...args],
    { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    changed.emit('change');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    changed.emit('change');
  });
  const exit = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((done) => child.on('close', (code, signal) => done({ code, signal, stdout, stderr })));
  return { process: child, output: () => stdout + stderr, exit };
}

/** Resolves when check() holds, asked again at each change; the timer only bounds the wait. */
async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  if (check()) return;
  await new Promise<void>((resolve, reject) => {
    const onChange = (): void => {
      if (!check()) return;
      clearTimeout(bound);
      changed.off('change', onChange);
      resolve();
    };
    const bound = setTimeout(() => {
      changed.off('change', onChange);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    changed.on('change', onChange);
  });
}

describe('a download whose process died', () => {
  it('is taken over by a CLI waiting on the same task, and the file is saved once', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const env = cliEnv(dir, base, 'sk-takeover-0123456789', { dataDir: true });
      const first = spawnCli(dir, env, ['generate', 'image_model_id_i3', '--prompt', 'a shared harbour']);
      await until('the first process to start the download', () => held.length === 1);
      const waiting = spawnCli(dir, env, ['task', 'shared-1', '--wait']);
      // The waiting process finds the file held by its live neighbour, says so, and leaves it alone.
      await until('the waiting process to find the file held', () =>
        /file 1: another process \(\d+\) is downloading it/.test(waiting.output()),
      );
      expect(fileRequests).toHaveLength(1);
      first.process.kill('SIGKILL');
      const killed = await first.exit;
      expect(killed.signal).toBe('SIGKILL');

      const result = await waiting.exit;
      // Taken over: the second request is the waiting process's own.
      expect(fileRequests).toHaveLength(2);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/\(shared-1\).* completed 100%/);
      const path = /^\s+(\/\S+\.png)$/m.exec(result.stdout)?.[1] ?? '';
      expect(existsSync(path), result.stdout).toBe(true);
      // One picture in the library folder, no half-written file of the dead process left beside it.
      const day = (await readdir(join(dir, 'lib'))).filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name));
      const files = (await Promise.all(day.map((d) => readdir(join(dir, 'lib', d))))).flat();
      expect(files.filter((name) => !name.startsWith('.'))).toHaveLength(1);
      expect(files.filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      await cleanup();
    }
  }, 120_000);
});
