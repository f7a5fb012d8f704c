// The real window, where an Electron binary exists (CI images with it; not our build machines, which cannot
// download it: there this suite is skipped and says so). Checks what only a running Electron can show: the
// renderer has no Node, the preload exposes only the bridge channel, the bridge answers over IPC, and the
// window refuses new windows and foreign navigation.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron } from 'playwright-core';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Read the way electron/index.js does, without its download-on-require fallback. */
function electronBinary(): string | null {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/**
 * A release machine points STUDIO_ELECTRON_APP at the packaged executable it just built (docs/release.md): the
 * same checks then run against the installed app's own files instead of the checkout.
 */
const packagedApp = process.env['STUDIO_ELECTRON_APP'];
const binary = packagedApp ?? electronBinary();
if (!binary) console.warn('electron smoke: no Electron binary in node_modules/electron; skipped.');

describe.skipIf(!binary)('Electron shell (smoke)', () => {
  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  beforeAll(async () => {
    if (!packagedApp) {
      const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
      expect(build.status).toBe(0);
    }
    userData = await mkdtemp(join(tmpdir(), 'studio-electron-'));
    app = await _electron.launch({
      executablePath: binary ?? '',
      args: [...(packagedApp ? [] : [root]), `--user-data-dir=${userData}`],
      cwd: root,
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it('runs the renderer isolated and sandboxed, without Node', async () => {
    const globals = await page.evaluate(() => ({
      require: typeof (globalThis as Record<string, unknown>).require,
      process: typeof (globalThis as Record<string, unknown>).process,
      bridge: Object.keys(
        (globalThis as unknown as Record<string, Record<string, unknown>>).electronTRPC ?? {},
      ).sort(),
    }));
    expect(globals).toEqual({
      require: 'undefined',
      process: 'undefined',
      bridge: ['onMessage', 'sendMessage'],
    });
  });

  it('answers a bridge call over IPC from the window', async () => {
    const reply = await page.evaluate(
      () =>
        new Promise((resolveReply) => {
          const channel = (
            globalThis as unknown as {
              electronTRPC: { onMessage(cb: (m: unknown) => void): void; sendMessage(m: unknown): void };
            }
          ).electronTRPC;
          channel.onMessage((m) => resolveReply(m));
          channel.sendMessage({
            method: 'request',
            operation: { id: 4242, type: 'query', path: 'session.status', input: undefined, context: {} },
          });
        }),
    );
    expect(reply).toMatchObject({
      id: 4242,
      result: { data: { mode: 'unconfigured', mediaBaseUrl: 'studio-media://library/' } },
    });
  });

  it('refuses new windows and navigation away from the app', async () => {
    const before = page.url();
    expect(await page.evaluate(() => window.open('https://example.com') === null)).toBe(true);
    // Wait on the main process's own 'will-navigate' for this attempt rather than a fixed time: the app's
    // listener (window-security.ts) was added when the window was made, so it has run, and refused, by the
    // time this one-off listener fires.
    const attempted = app.evaluate(
      ({ BrowserWindow }) =>
        new Promise<string>((done) => {
          BrowserWindow.getAllWindows()[0]?.webContents.once('will-navigate', (details) => done(details.url));
        }),
    );
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    expect(await attempted).toBe('https://example.com/');
    expect(page.url()).toBe(before);
    expect(app.windows()).toHaveLength(1);
  });
});
