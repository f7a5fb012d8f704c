// `npm run web` as a user meets it: the URL line, a clean stop, and one-line errors for bad flags or a busy port.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childArgs } from '../support/child-entry';

let dataDir: string;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs web.ts (built or through tsx: child-entry.ts); `until` may stop it (SIGTERM) once its output says something. */
function runWeb(args: string[], until?: (out: string) => boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...childArgs('electron/web.ts'), '--data-dir', dataDir, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until?.(out)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-web-cli-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run web', () => {
  it('prints the loopback URL with its token, says the demo key stays in the process, and stops on SIGTERM', async () => {
    const run = await runWeb(['--demo'], (out) => out.includes('data in'));
    expect(run.out).toMatch(/^web mode: http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/m);
    expect(run.out).toContain('demo gateway runs in this process');
    expect(run.code).toBe(0);
  });

  it.each([
    [['--bogus'], /web mode: Unknown option '--bogus'\nusage: npm run web/],
    [['--port'], /web mode: Option '--port <value>' argument missing/],
    [['--port', '70000'], /web mode: --port must be an integer from 0 to 65535, not 70000/],
    [['--port', 'abc'], /web mode: --port must be an integer from 0 to 65535, not abc/],
  ])('refuses %j with one line and exit code 2', async (args, message) => {
    const run = await runWeb(args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).not.toContain('    at ');
  });

  describe('with its port taken', () => {
    let busy: Server;
    beforeAll(async () => {
      busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    });

    it('says the port is in use and exits 1, without a stack', async () => {
      const { port } = busy.address() as AddressInfo;
      const run = await runWeb(['--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.err).toContain(`web mode: could not start: port ${port} is already in use`);
      expect(run.err).not.toContain('    at ');
    });
  });
});
