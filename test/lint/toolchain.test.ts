// The toolchain facts docs/architecture.md states ("Toolchain facts"), read from the files that make them true:
// Node 24 from the `node` package, the install scripts npm may run and those it refuses, and what `npm test`
// runs, in order, ending with the one summary line CI reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lint-harness';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
  scripts: Record<string, string>;
};

describe('the toolchain as the architecture notes say', () => {
  it('Node 24 is a devDependency, and only node and esbuild may run install scripts', () => {
    expect(pkg.devDependencies['node']).toMatch(/^24\./);
    expect(pkg.allowScripts).toEqual({
      node: true,
      esbuild: true,
      'electron-winstaller': false,
      'es5-ext': false,
      '@ffmpeg-installer/linux-x64': false,
    });
  });

  it('npm test runs typecheck then lint beside build, the security scan and the packaging check, then vitest, and sums up', () => {
    expect(pkg.scripts['test']).toBe('node scripts/test.mjs');
    const script = readFileSync(join(root, 'scripts/test.mjs'), 'utf8');
    // Two lanes run side by side (two cores); each lane's steps keep their order, and vitest starts after both.
    const inOrder = (steps: string[]) => {
      const at = steps.map((step) => script.indexOf(step));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    };
    inOrder(["'typecheck'", "'lint'", "'vitest'"]);
    inOrder(["'build'", "'security'", "'package:check'", "'vitest'"]);
    expect(script).toMatch(/await Promise\.all\(\[\s*lane\(\[/);
    expect(script).toMatch(
      /console\.log\(`\\ntests: \$\{passed\} passed, \$\{failed\} failed, \$\{skipped\} skipped`\)/,
    );
  });
});
