// Two real CLI processes on one database and library: one downloading a task's file dies (kill -9) mid-body, and
// the other, waiting on the same task (`task <id> --wait`), takes the download over and saves the file, as it
// takes over polling. The file host sends the first request half its bytes and then holds it open, so the
// first process is caught mid-download; later requests are served whole.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/cli-process';
import { cliEnv, inTempDir, startImageTaskGateway } from './cli-harness';

let gateway: Awaited<ReturnType<typeof startImageTaskGateway>>;
const fileRequests: string[] = [];
const held: ServerResponse[] = [];
let firstHeld: () => void = () => undefined;
/** Resolves once the first process is caught mid-download (its request held open half-way). */
const caughtMidDownload = new Promise<void>((resolve) => (firstHeld = resolve));

beforeAll(async () => {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  gateway = await startImageTaskGateway({
    taskId: 'shared-1',
    link: (base) => `${base}/files/shared-1.png`,
    serveFile: (url, res) => {
      fileRequests.push(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      if (fileRequests.length === 1) {
        // Half the picture, then nothing: the process reading it is caught mid-download.
        res.write(png.subarray(0, png.length >> 1));
        held.push(res);
        firstHeld();
        return;
      }
      res.end(png);
    },
  });
});
afterAll(() => gateway.close());

describe('a download whose process died', () => {
  it('is taken over by a CLI waiting on the same task, and the file is saved once', async () => {
    await inTempDir(async (dir) => {
      const env = cliEnv(dir, gateway.url, 'sk-takeover-0123456789', { dataDir: true });
      const first = spawnCli(['generate', 'image_model_id_i3', '--prompt', 'a shared harbour'], {
        cwd: dir,
        env,
      });
      await caughtMidDownload;
      const waiting = spawnCli(['task', 'shared-1', '--wait'], { cwd: dir, env });
      // The waiting process finds the file held by its live neighbour, says so, and leaves it alone.
      await waiting.outputMatch(/file 1: another process \(\d+\) is downloading it/);
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
    });
  }, 120_000);
});
