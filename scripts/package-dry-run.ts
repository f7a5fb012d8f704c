// The packaging dry run: electron-builder's own Linux `--dir` build (the unpacked app an AppImage or deb is made
// from), offline, with a stand-in Electron distribution instead of the binary that cannot be downloaded here.
// Everything else is the release build: electron-builder.yml's files, asarUnpack and extraResources rules, its
// production-dependency collection and its asar packing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createStandInElectron } from './stand-in-electron';

export interface DryRunOptions {
  root: string;
  /** electron-builder's output folder; the app lands in <outDir>/linux-unpacked. */
  outDir: string;
  /** Changes the configuration (a broken variant in a test); electron-builder.yml as it is otherwise. */
  alterConfig?: (config: Record<string, unknown>) => void;
}

/** electron-builder.yml, parsed: the one place the packaging rules live. */
export function builderConfig(root: string): Record<string, unknown> {
  return parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
}

/** Packages the already built app (out/) and returns the unpacked app's folder. Throws with the tool's output. */
export function packageDryRun(options: DryRunOptions): string {
  const { root, outDir } = options;
  const work = mkdtempSync(join(tmpdir(), 'studio-package-'));
  try {
    const electronDist = join(work, 'electron-dist');
    createStandInElectron(electronDist, root);
    const args = [
      '--dir',
      '--linux',
      '--x64',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      // Native modules come prebuilt for Electron's ABI (sharp ships N-API binaries); nothing to compile.
      '-c.npmRebuild=false',
      `-c.directories.output=${outDir}`,
    ];
    if (options.alterConfig) {
      const config = builderConfig(root);
      options.alterConfig(config);
      const file = join(work, 'electron-builder.json');
      writeFileSync(file, JSON.stringify(config));
      args.push('--config', file);
    }
    rmSync(join(outDir, 'linux-unpacked'), { recursive: true, force: true });
    const result = spawnSync(join(root, 'node_modules', '.bin', 'electron-builder'), args, {
      cwd: root,
      encoding: 'utf8',
      // No download is needed; should electron-builder try one, it fails here instead of hanging.
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    });
    const app = join(outDir, 'linux-unpacked');
    if (result.status !== 0 || !existsSync(join(app, 'resources', 'app.asar'))) {
      throw new Error(
        `electron-builder --dir failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
      );
    }
    return app;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
