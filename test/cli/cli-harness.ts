// Runs the CLI in-process against real servers, capturing exactly what it writes. A counting server stands
// in for "the gateway" where a test must prove that nothing was sent.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli, type RunOptions } from '../../electron/cli/index';
import { closedPort } from '../support/closed-port';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator, SimulatorOptions } from '../../electron/simulator';

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
  /** What a host passes runCli besides the command line (a poll policy that follows a fast simulator). */
  options: RunOptions = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      env,
      cwd,
      stderrIsTTY: false,
    },
    options,
  );
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

/** `body` run in a folder of its own, removed after it whatever the outcome. */
export async function inTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const { dir, cleanup } = await tempDir();
  try {
    return await body(dir);
  } finally {
    await cleanup();
  }
}

/** A gateway with one image task, `taskId`, scripted for what the simulator (a conforming peer) never does. */
export interface ImageTaskScript {
  taskId: string;
  /** The picture's link in one status answer: called on every poll, so a script can sign each link anew. */
  link: (base: string) => string;
  /** Answers a request for a file under /files/ (refused, cut, held or whole, as the test needs). */
  serveFile: (url: URL, res: ServerResponse) => void;
}

/**
 * A loopback gateway scripted by route: every submission is accepted as the script's task, every status poll
 * answers it completed with one picture link (expiring in a day), and /files/ is the script's file host.
 */
export async function startImageTaskGateway(
  script: ImageTaskScript,
): Promise<{ url: string; close: () => Promise<void> }> {
  let base = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    if (url.pathname.startsWith('/files/')) return script.serveFile(url, res);
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'POST') {
      res.end(JSON.stringify({ code: 200, data: [{ status: 'submitted', task_id: script.taskId }] }));
      return;
    }
    const expiresAt = Math.floor(Date.now() / 1000) + 24 * 3600;
    res.end(
      JSON.stringify({
        id: script.taskId,
        status: 'completed',
        progress: 100,
        cost: 0.02,
        result: { images: [{ url: [script.link(base)], expires_at: expiresAt }] },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A response a script holds open (a body cut half-way) must not keep the server from closing.
        server.closeAllConnections();
      }),
  };
}

/** A loopback server that counts every request and answers 500: any request at all is a test failure. */
export interface CountingServer {
  url: string;
  requests: () => number;
  /** Each request as "METHOD /path", in order (what a test names when it says what was or was not sent). */
  seen: () => readonly string[];
  close: () => Promise<void>;
}

export async function countingServer(): Promise<CountingServer> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? '?'} ${(req.url ?? '').split('?')[0]}`);
    req.resume();
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end('{"error":{"code":500,"message":"x","type":"server_error"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => seen.length,
    seen: () => seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port with nothing listening: connecting is refused at once. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}`;
}

/** A test file's CLI with nothing real behind it: its own folder, and a counting server as the gateway. */
export interface CountingCli {
  /** The file's folder: the CLI's working directory, its home and its library's parent. */
  readonly dir: string;
  readonly env: Record<string, string>;
  /** The "gateway": any request it counts was sent, where the test says nothing may be. */
  readonly gateway: CountingServer;
}

/** Something a test file opens before its tests and closes after them, read (through getters) once open. */
function openedForFile<T extends object>(
  name: string,
  open: () => Promise<{ value: T; close: () => Promise<void> }>,
): T {
  let opened: { value: T; close: () => Promise<void> } | null = null;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
    opened = null;
  });
  return new Proxy({} as T, {
    get(_shell, key) {
      if (!opened) throw new Error(`${name}: read inside a test or a hook, once the folder is open`);
      return Reflect.get(opened.value, key) as unknown;
    },
  });
}

/**
 * Opens the file's folder and counting server before its tests (before the file's own beforeAll, which may write
 * files into the folder) and closes both after them. `apiKey` null: no key in the environment, as a dry run
 * needs none.
 */
export function useCountingCli(apiKey: string | null, options: { dataDir?: boolean } = {}): CountingCli {
  return openedForFile('useCountingCli', async () => {
    const { dir, cleanup } = await tempDir();
    const gateway = await countingServer();
    const env = cliEnv(dir, gateway.url, apiKey ?? '', options);
    if (apiKey === null) delete env.GATEWAY_API_KEY;
    return {
      value: { dir, gateway, env },
      close: async () => {
        await gateway.close();
        await cleanup();
      },
    };
  });
}

/** A test file's CLI against the simulator, with the simulator's default key and its own folder. */
export interface SimulatorCli {
  readonly dir: string;
  readonly env: Record<string, string>;
  readonly sim: RunningSimulator;
}

/** Starts the simulator and opens the file's folder before its tests; stops and removes both after them. */
export function useSimulatorCli(
  simulator: SimulatorOptions = {},
  options: { dataDir?: boolean } = {},
): SimulatorCli {
  return openedForFile('useSimulatorCli', async () => {
    const sim = await startSimulator(simulator);
    const { dir, cleanup } = await tempDir();
    return {
      value: { dir, sim, env: cliEnv(dir, sim.url, SIM_KEYS.default, options) },
      close: async () => {
        await sim.close();
        await cleanup();
      },
    };
  });
}

/** A presets file as the app exports it, holding one image preset, "Client fox", with these settings. */
export const clientFoxPresetsFile = (params: Record<string, unknown>): string =>
  JSON.stringify({
    format: 'gateway-studio-presets',
    version: 1,
    presets: [{ name: 'Client fox', family: 'image.i3', model: 'image_model_id_i3', params }],
  });

/** A recipe file as the app exports it. */
export const recipeFile = (name: string, steps: unknown[]): string =>
  JSON.stringify({ format: 'gateway-studio-recipe', version: 1, recipe: { name, steps } });
