// The desktop app's composition root, run for real: the built out/main/main.js under the project's Node 24 with
// a faked `electron` (test/boot/harness), from 'ready' to a window, bridge calls, the demo gateway and quitting.
// Then the same boot without a usable keychain, with a key it cannot decrypt, and with a preload built as ESM.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLayout } from './app-layout';
import type { AppLayout } from './app-layout';
import { bootApp, ROOT } from './boot-app';
import type { BootRun } from './boot-app';
import { bootProblems } from './boot-checks';

const KEY = 'sk-boot-test-5f0c2a9e';
const NO_KEYRING = 'secrets: no OS keyring available; the API key is kept in memory for this session only.';
const UNREADABLE = 'secrets: the API key could not be decrypted and was removed; please enter it again.';

let scratch: string;
let layout: AppLayout;

beforeAll(() => {
  // `npm test` builds before the suites run; a bare `npx vitest run` builds here if nothing was built yet.
  if (!existsSync(join(ROOT, 'out', 'main', 'main.js'))) {
    expect(spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' }).status).toBe(0);
  }
  scratch = mkdtempSync(join(tmpdir(), 'studio-boot-'));
  layout = checkoutLayout(ROOT, scratch);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const status = (run: BootRun, which: 'status' | 'statusAfterKey' = 'status') =>
  run.report?.bridge[which]?.result?.data as { hasKey: boolean; mode: string } | undefined;

const storedKeyField = (run: BootRun): unknown =>
  (JSON.parse(run.report?.storeFile ?? '{}') as { secrets?: { apiKey?: unknown } }).secrets?.apiKey;

describe('the built main process', () => {
  it('[EP-SPEECH-1] boots to a locked-down window, serves the bridge to its renderer only, runs the demo and quits cleanly', async () => {
    const run = await bootApp(layout, scratch);
    expect(bootProblems(run)).toEqual([]);
    // The checkout's demo gateway reads the fixtures from the tree, where `electron .` finds them.
    expect(run.report?.calls.slice(0, 3)).toEqual([
      'protocol.registerSchemesAsPrivileged before ready',
      'app.enableSandbox before ready',
      'app.requestSingleInstanceLock',
    ]);
  }, 90_000);

  it('keeps a key in the OS keychain: only its ciphertext is stored, and the next start reads it back', async () => {
    const first = await bootApp(layout, scratch, { demo: false, setKey: KEY });
    expect(bootProblems(first)).toEqual([]);
    expect(status(first, 'statusAfterKey')?.hasKey).toBe(true);
    expect(first.report?.storeFile).not.toContain(KEY);
    expect(String(storedKeyField(first))).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const again = await bootApp(layout, scratch, { demo: false, userData: first.scenario.userData });
    expect(bootProblems(again)).toEqual([]);
    expect(status(again)?.hasKey).toBe(true);
  }, 90_000);

  it.each(['basic_text', 'unavailable'] as const)(
    'without a usable keychain (%s) keeps the key in memory for the session only and says so',
    async (safeStorage) => {
      const first = await bootApp(layout, scratch, { demo: false, safeStorage, setKey: KEY });
      expect(bootProblems(first)).toEqual([]);
      expect(status(first, 'statusAfterKey')?.hasKey).toBe(true);
      expect(first.stderr).toContain(NO_KEYRING);
      expect(storedKeyField(first)).toBeUndefined();
      expect(`${first.report?.storeFile}${first.stdout}${first.stderr}`).not.toContain(KEY);
      const again = await bootApp(layout, scratch, {
        demo: false,
        safeStorage,
        userData: first.scenario.userData,
      });
      expect(bootProblems(again)).toEqual([]);
      expect(status(again)).toMatchObject({ hasKey: false, mode: 'unconfigured' });
    },
    90_000,
  );

  it('removes a stored key it cannot decrypt and asks for it again instead of failing to start', async () => {
    const userData = join(scratch, 'foreign-ciphertext');
    mkdirSync(userData);
    const foreign = Buffer.from('ciphertext from another machine').toString('base64');
    writeFileSync(join(userData, 'gateway-studio.json'), JSON.stringify({ secrets: { apiKey: foreign } }));
    const run = await bootApp(layout, scratch, { demo: false, userData });
    expect(bootProblems(run)).toEqual([]);
    expect(status(run)).toMatchObject({ hasKey: false, mode: 'unconfigured' });
    expect(run.stderr).toContain(UNREADABLE);
    expect(storedKeyField(run)).toBeUndefined();
  }, 90_000);
});

describe('the boot check itself', () => {
  it('fails for a preload built as an ES module, which a sandboxed renderer cannot load', async () => {
    const app = join(scratch, 'esm-preload-app');
    cpSync(join(ROOT, 'out'), join(app, 'out'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(app, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'));
    symlinkSync(join(ROOT, 'assets'), join(app, 'assets'));
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: join(app, 'out', 'preload'),
        emptyOutDir: true,
        minify: false,
        lib: { entry: join(ROOT, 'electron', 'preload.ts'), formats: ['es'], fileName: () => 'preload.cjs' },
        rollupOptions: { external: ['electron'] },
      },
    });
    expect(readFileSync(join(app, 'out', 'preload', 'preload.cjs'), 'utf8')).toMatch(/^import /m);
    const run = await bootApp(checkoutLayout(app, scratch), scratch, { demo: false });
    const problems = bootProblems(run);
    expect(problems).toContainEqual(
      expect.stringMatching(/^the preload did not run: SyntaxError: Cannot use import/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^bridge: the preload exposed no electronTRPC/));
  }, 90_000);
});

describe('the desktop-only paths of the built main process', () => {
  it('drags a file out, exports to the picked folder, deletes to the OS trash with Undo, and notifies when a task ends', async () => {
    const folders = { exportFolder: join(scratch, 'exported'), trashFolder: join(scratch, 'os-trash') };
    mkdirSync(folders.exportFolder, { recursive: true });
    const run = await bootApp(layout, scratch, { desktop: folders });
    expect(bootProblems(run)).toEqual([]);
    const desktop = run.report?.desktop;
    const calls = run.report?.calls ?? [];
    const itemPath = desktop?.itemPath ?? '';
    const name = basename(itemPath);
    const libraryDir = String((run.report?.bridge.status?.result?.data as { libraryDir: string }).libraryDir);
    expect(itemPath.startsWith(`${libraryDir}/`)).toBe(true);

    // Dragged out: Electron was asked to drag the item's own file.
    expect(desktop?.drag?.result?.data).toEqual({ ok: true });
    expect(calls).toContain(`webContents.startDrag ${itemPath}`);

    // Exported: the picker opened beside the library folder, and the file (with its settings) landed there.
    expect(calls).toContain(`dialog.showOpenDialog ${dirname(libraryDir)} openDirectory,createDirectory`);
    expect(desktop?.exported?.result?.data).toEqual({ folder: folders.exportFolder, count: 1 });
    expect(desktop?.exportedFiles).toContain(name);

    // Deleted and undone: the file was back in place and nothing reached the OS trash for it.
    expect(desktop?.trashed?.result?.data).toMatchObject({ count: 1, trash: 'os' });
    expect(desktop?.undone?.result?.data).toEqual({ restored: 1 });
    expect(desktop?.backAfterUndo).toBe(true);
    // Deleted again and left: quitting ended the window, and shell.trashItem got the waiting file, once.
    expect(desktop?.trashedAgain?.result?.data).toMatchObject({ count: 1, trash: 'os' });
    const trashCalls = calls.filter((c) => c.startsWith('shell.trashItem '));
    expect(trashCalls).toHaveLength(1);
    expect(trashCalls[0]).toMatch(
      new RegExp(`^shell\\.trashItem ${libraryDir}/\\.trash/\\.undo/.+/${name}$`),
    );
    expect(readdirSync(folders.trashFolder)).toEqual([`1-${name}`]);
    expect(existsSync(itemPath)).toBe(false);

    // A demo picture's task ended: the desktop notification says so, with its prompt.
    expect(calls).toContain(
      'Notification.show Generation finished: The desktop app announces a finished picture',
    );
  }, 180_000);
});
