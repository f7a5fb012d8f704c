import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: 'unit' (core, simulator, bridge, CLI under Node against loopback servers), 'components'
// (React pieces rendered into jsdom with Testing Library; docs/architecture.md says why jsdom) and 'e2e'
// (Playwright driving Debian's Chromium against web mode). Timing lives in `npm run bench`, never here.
// A fourth, 'package', exists only when `npm run package:check` has packaged the app and names it in
// STUDIO_PACKAGED_APP: it checks and boots that package.
// Two workers, whatever the core count: vitest's default (one fewer than the cores) is a single worker on a 2-core
// machine, and most unit files spend their time waiting on a child, a loopback server or the demo gateway's clock,
// not on a core, so two files side by side take little longer than one. VITEST_MAX_WORKERS or --maxWorkers
// still override it. Browser files run two at a time too, among the rest, each worker on a Chromium of its own
// (chromium-server.ts: a browser's clipboard, which the paste tests write, is one for all its contexts). A browser
// file's expect.poll waits up to 5 s, not vitest's 1 s: it asks what a page shows, and a page beside another
// browser file and two Node workers may take a second to show what it would show at once on an idle machine.
const packagedApp = process.env['STUDIO_PACKAGED_APP'];
// Component files that replace a module with vi.mock run with a module graph of their own: where files share one
// (isolate: false), a file before them may already have loaded the real module, and the mock never applies.
const MOCKING_COMPONENT_FILES = ['test/components/library-grid-renders.test.tsx'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          // One jsdom per worker for all its files, not one per file: building it was a third of the project's
          // time (48 files). setup.ts puts back what a file may change (globals, timers, language, storage).
          isolate: false,
          include: ['test/components/**/*.test.tsx'],
          exclude: MOCKING_COMPONENT_FILES,
          setupFiles: ['test/components/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'components-isolated',
          environment: 'jsdom',
          include: MOCKING_COMPONENT_FILES,
          setupFiles: ['test/components/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          // One Chromium per worker for the run; each studio a test opens gets a fresh context on it (browser.ts).
          globalSetup: ['test/e2e/chromium-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 5_000 } },
        },
      },
      ...(packagedApp
        ? [
            {
              test: {
                name: 'package',
                environment: 'node',
                include: ['test/boot/**/*.package.ts'],
                testTimeout: 300_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
