// One studio per data folder: a second web mode on the folder a running one holds is refused with a sentence
// naming the holder, a lock left by a process that is gone is taken over, and the CLI, which shares the
// database by design, is never refused.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK } from '../../electron/host/data-folder-lock';
import { startWebMode } from '../../electron/host/web-mode';
import type { WebMode } from '../../electron/host/web-mode';
import { cli } from '../cli/cli-harness';
import { callWeb } from './web-call';

let root: string;
let dataDir: string;
let staticDir: string;
const open: WebMode[] = [];

const start = async (): Promise<WebMode> => {
  const web = await startWebMode({ port: 0, dataDir, staticDir, log: () => undefined });
  open.push(web);
  return web;
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'studio-lock-'));
  dataDir = join(root, 'data');
  staticDir = join(root, 'renderer');
  await mkdir(staticDir, { recursive: true });
});
afterAll(async () => {
  for (const web of open) await web.close();
  await rm(root, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second studio on the same data folder, saying another studio is using it', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(
      `Another studio (process ${process.pid}) is using the data folder ${dataDir}: close it first, or start this one with another data folder`,
    );
    // The first one is untouched by the refusal.
    expect(JSON.parse(await readFile(join(dataDir, DATA_FOLDER_LOCK), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    expect((await callWeb(first, '/trpc/settings.get')).status).toBe(200);
  });

  it('lets the CLI use the database while web mode holds the folder', async () => {
    const run = await cli(['--json', 'tasks'], {
      STUDIO_DATA_DIR: dataDir,
      STUDIO_LIBRARY_DIR: join(root, 'cli-library'),
      HOME: root,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toEqual({ tasks: [] });
  });

  it('frees the folder on close, and takes over a lock left by a process that is gone', async () => {
    await open.pop()?.close();
    await expect(readFile(join(dataDir, DATA_FOLDER_LOCK), 'utf8')).rejects.toThrow(/ENOENT/);
    // A studio killed with -9 leaves its lock: its process id names nobody now.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(join(dataDir, DATA_FOLDER_LOCK), JSON.stringify({ pid: gone, since: 'then' }));
    await start();
    expect(JSON.parse(await readFile(join(dataDir, DATA_FOLDER_LOCK), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
  });
});
