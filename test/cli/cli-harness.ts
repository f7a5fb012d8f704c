// Runs the CLI in-process against real servers, capturing exactly what it writes. A counting server stands
// in for "the gateway" where a test must prove that nothing was sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../electron/cli/index';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON document --json promises; throws if it is not exactly one. */
  json(): Record<string, unknown>;
}

export async function cli(
  args: readonly string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env,
    cwd,
    stderrIsTTY: false,
  });
  return {
    code,
    stdout,
    stderr,
    json: () => JSON.parse(stdout) as Record<string, unknown>,
  };
}

/**
 * The environment a test's CLI runs in: its gateway and key, and a library and a home inside the test's own
 * folder (dataDir: a data folder there too, for tests that open the database beside the CLI).
 */
export function cliEnv(
  dir: string,
  baseUrl: string,
  apiKey: string,
  options: { dataDir?: boolean } = {},
): Record<string, string> {
  return {
    GATEWAY_BASE_URL: baseUrl,
    GATEWAY_API_KEY: apiKey,
    STUDIO_LIBRARY_DIR: join(dir, 'lib'),
    ...(options.dataDir ? { STUDIO_DATA_DIR: join(dir, 'data') } : {}),
    HOME: dir,
  };
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A loopback server that counts every request and answers 500: any request at all is a test failure. */
export async function countingServer(): Promise<{
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    req.resume();
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end('{"error":{"code":500,"message":"x","type":"server_error"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port with nothing listening: connecting is refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
