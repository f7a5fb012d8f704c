// The packaged app, as electron-builder made it (`npm run package:check` packages first and names the folder in
// STUDIO_PACKAGED_APP): what app.asar holds, and the same boot as test/boot/built-app.test.ts run from
// resources/app.asar, where the packaged app looks for its preload, renderer, sharp and the demo's fixtures.
// Then a package whose extraResources rule leaves a fixture out, which both checks must refuse.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePackage, packageProblems } from '../../scripts/package-contents';
import { packageDryRun } from '../../scripts/package-dry-run';
import { packagedLayout } from './app-layout';
import type { AppLayout } from './app-layout';
import { bootApp, ROOT } from './boot-app';
import { bootProblems } from './boot-checks';

const packaged = process.env['STUDIO_PACKAGED_APP'] ?? '';
let scratch: string;
let layout: AppLayout;

beforeAll(() => {
  if (!existsSync(join(packaged, 'resources', 'app.asar')))
    throw new Error(`STUDIO_PACKAGED_APP=${packaged} holds no packaged app: run npm run package:check`);
  scratch = mkdtempSync(join(tmpdir(), 'studio-packaged-'));
  layout = packagedLayout(packaged, scratch);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the packaged app', () => {
  it('carries the bundles, runtime dependencies, sharp unpacked and every fixture; nothing else', () => {
    expect(packageProblems(packaged, ROOT)).toEqual([]);
  });

  it('boots from resources/app.asar: preload, renderer, sharp and the demo fixtures where the app looks', async () => {
    const run = await bootApp(layout, scratch);
    expect(bootProblems(run)).toEqual([]);
    // sharp's addon and libvips were mapped from app.asar.unpacked, as Electron loads them.
    const unpacked = join(layout.resourcesPath, 'app.asar.unpacked', 'node_modules', '@img');
    expect(run.report?.nativeLibraries.filter((lib) => lib.includes('sharp')).length).toBeGreaterThanOrEqual(
      2,
    );
    for (const lib of run.report?.nativeLibraries ?? []) expect(lib.startsWith(unpacked)).toBe(true);
    // Nothing but resources/simulator-fixtures could have fed the demo gateway: not the archive, not the cwd.
    expect(existsSync(join(layout.appPath, 'electron'))).toBe(false);
    expect(existsSync(join(layout.resourcesPath, 'simulator-fixtures', 'video.mp4'))).toBe(true);
  }, 90_000);
});

describe('the packaging checks themselves', () => {
  it('fail for a package whose extraResources rule leaves a simulator fixture out', async () => {
    const broken = packageDryRun({
      root: ROOT,
      outDir: join(scratch, 'broken-dist'),
      alterConfig: (config) => {
        config['extraResources'] = [
          { from: 'electron/simulator/fixtures', to: 'simulator-fixtures', filter: ['**/*', '!video.mp4'] },
        ];
      },
    });
    console.log(describePackage(broken));
    expect(packageProblems(broken, ROOT)).toEqual([
      'the simulator fixture video.mp4 is not in resources/simulator-fixtures',
    ]);
    const run = await bootApp(packagedLayout(broken, join(scratch, 'broken-layout')), scratch);
    expect(bootProblems(run)).toContainEqual(
      expect.stringMatching(/^bridge: .*simulator fixtures not found|demo gateway did not start/),
    );
  }, 300_000);
});
