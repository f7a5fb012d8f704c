// A stand-in for Electron's Linux distribution (node_modules/electron/dist), for packaging dry runs on machines
// that cannot download the real one. electron-builder copies this folder into the app and renames the
// executable; it never runs it. The executable here refuses to start and says why, so a dry-run package can
// never pass for a release.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const EXECUTABLE = `#!/bin/sh
echo "This is a packaging dry run: Electron's binary was replaced by a stand-in, so the app cannot start." >&2
exit 1
`;

/** Writes the stand-in into `dir` and returns the Electron version it claims to be (the installed package's). */
export function createStandInElectron(dir: string, root: string): string {
  const { version } = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'electron'), EXECUTABLE);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(
    join(dir, 'LICENSE'),
    'Stand-in for the Electron distribution (MIT); see node_modules/electron/LICENSE.\n',
  );
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>stand-in</title>\n');
  return version;
}
