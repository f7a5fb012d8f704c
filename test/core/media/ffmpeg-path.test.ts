// Where the studio runs ffmpeg from. In a packaged app @ffmpeg-installer/ffmpeg resolves inside
// resources/app.asar (Electron's fs reads into the archive), where no program can be executed; electron-builder's
// asarUnpack puts the package in app.asar.unpacked, and that copy is the one run. The packaged layout is built
// here as folders (the real package's code required from an `app.asar` folder, the binary in both places) so the
// package's own resolution gives the path a packaged app would see.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ffmpegPath, unpackedPath } from '../../../electron/core/media/ffmpeg';

const ROOT = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'ffmpeg-path-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the ffmpeg path', () => {
  it('runs the unpacked copy when the package resolves inside app.asar, on every platform', () => {
    expect(
      unpackedPath('/opt/Gateway Studio/resources/app.asar/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'),
    ).toBe('/opt/Gateway Studio/resources/app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
    expect(
      unpackedPath(
        'C:\\Users\\mia\\AppData\\Local\\Programs\\Gateway Studio\\resources\\app.asar\\node_modules\\@ffmpeg-installer\\win32-x64\\ffmpeg.exe',
      ),
    ).toBe(
      'C:\\Users\\mia\\AppData\\Local\\Programs\\Gateway Studio\\resources\\app.asar.unpacked\\node_modules\\@ffmpeg-installer\\win32-x64\\ffmpeg.exe',
    );
    const mac =
      '/Applications/Gateway Studio.app/Contents/Resources/app.asar/node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg';
    expect(unpackedPath(mac)).toBe(mac.replace('/app.asar/', '/app.asar.unpacked/'));
  });

  it('keeps a path that is already unpacked, or outside any archive, as it is', () => {
    const unpacked = '/opt/g/resources/app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg';
    expect(unpackedPath(unpacked)).toBe(unpacked);
    const checkout = join(ROOT, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
    expect(unpackedPath(checkout)).toBe(checkout);
    // A folder whose name only ends in "app.asar" is not the archive.
    expect(unpackedPath('/home/mia/myapp.asar/ffmpeg')).toBe('/home/mia/myapp.asar/ffmpeg');
  });

  it.runIf(platform() === 'linux' && arch() === 'x64')(
    'resolves the package as a packaged app lays it out, to a binary that runs',
    () => {
      const resources = join(scratch, 'resources');
      const layout = (archive: string) => {
        const modules = join(resources, archive, 'node_modules', '@ffmpeg-installer');
        mkdirSync(join(modules, 'linux-x64'), { recursive: true });
        cpSync(join(ROOT, 'node_modules/@ffmpeg-installer/ffmpeg'), join(modules, 'ffmpeg'), {
          recursive: true,
        });
        cpSync(
          join(ROOT, 'node_modules/@ffmpeg-installer/linux-x64/package.json'),
          join(modules, 'linux-x64/package.json'),
        );
        symlinkSync(
          join(ROOT, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg'),
          join(modules, 'linux-x64/ffmpeg'),
        );
      };
      layout('app.asar');
      layout('app.asar.unpacked');
      const inArchive = createRequire(join(resources, 'app.asar', 'main.js'))('@ffmpeg-installer/ffmpeg') as {
        path: string;
      };
      expect(inArchive.path).toContain('/app.asar/');
      const run = unpackedPath(inArchive.path);
      expect(run).toBe(join(resources, 'app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'));
      expect(execFileSync(run, ['-version']).toString()).toMatch(/^ffmpeg version/);
    },
  );

  it("is the package's binary in a checkout, one that runs", async () => {
    const saved = process.env.GATEWAY_STUDIO_FFMPEG;
    delete process.env.GATEWAY_STUDIO_FFMPEG;
    try {
      const path = await ffmpegPath();
      expect(path).toContain('@ffmpeg-installer');
      expect(execFileSync(path, ['-version']).toString()).toMatch(/^ffmpeg version/);
    } finally {
      if (saved !== undefined) process.env.GATEWAY_STUDIO_FFMPEG = saved;
    }
  });

  it('is unpacked from the archive by the packaging config', () => {
    const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      asarUnpack: string[];
    };
    expect(config.asarUnpack).toContain('node_modules/@ffmpeg-installer/**/*');
  });
});
