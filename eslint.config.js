// Lint rules that carry the architecture: imports flow shared <- core <- host <- main/cli and shared <- renderer.
// A rule that fails CI is worth ten paragraphs of design notes (see test/lint/layering.test.ts for the proof).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/rooms.js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// shared/ runs in both worlds, so it may rely on neither's globals (tsconfig.json has no DOM, tsconfig.web.json
// no Node types; this says so at lint time with a clear message).
const nodeGlobals = [
  'process',
  'Buffer',
  'require',
  'module',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
];
const domGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'self'];
// The browser's own blocking dialogs speak neither the app's language nor its theme, and freeze the page.
const BLOCKING_DIALOG =
  "Use the in-app dialog (renderer/ui/confirm-dialog.tsx), not the browser's blocking one.";
const restrictGlobals = (names, message) => names.map((name) => ({ name, message }));

// The rooms and what each may import (eslint-rules/rooms.js): relative paths and npm packages alike are allowed by
// name, anything else is refused, and a file in no room is an error. Order matters: a file belongs to the first
// room whose `files` match. The one-way rule `shared <- core <- host <- main/cli`, `shared <- renderer` is these
// lists; docs/architecture.md draws them.
const NODE = 'node:**';
const SHARED = 'shared/**';
const rooms = [
  // Pure TypeScript both worlds run: no Node, no DOM, no UI, no native module.
  {
    room: 'shared',
    files: ['shared/**'],
    paths: [SHARED],
    packages: ['zod', '@trpc/server', '@trpc/server/**'],
  },
  // The gateway client, task engine, downloads, library and settings: Node, never Electron.
  {
    room: 'core',
    files: ['electron/core/**'],
    paths: [SHARED, 'electron/core/**'],
    packages: [
      NODE,
      'zod',
      'axios',
      'proxy-agent',
      'sharp',
      'p-queue',
      'png-chunks-extract',
      'png-chunks-encode',
      'node-id3',
      'yazl',
      'music-metadata',
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-storage',
      'webdav',
      '@ffmpeg-installer/ffmpeg',
    ],
  },
  // An independent reading of the spec: nothing of the client, not even shared/catalog (only server plumbing).
  {
    room: 'simulator',
    files: ['electron/simulator/**'],
    paths: ['electron/simulator/**', 'shared/http/**'],
    packages: [NODE, 'zod'],
  },
  // The MCP server agents drive the studio through: tools over the core's services, and its two transports.
  {
    room: 'mcp',
    files: ['electron/mcp/**'],
    paths: [SHARED, 'electron/core/**', 'electron/mcp/**'],
    packages: [NODE, 'zod', '@modelcontextprotocol/sdk/**'],
  },
  // The composition behind the bridge, transport-agnostic: no Electron, no platform.
  {
    room: 'host',
    files: ['electron/host/**'],
    paths: [SHARED, 'electron/core/**', 'electron/simulator/**', 'electron/mcp/**', 'electron/host/**'],
    packages: [NODE, 'zod', '@trpc/server', '@trpc/server/**'],
  },
  // Electron's side of things, plugged into the host from main.ts.
  {
    room: 'platform',
    files: ['electron/platform/**'],
    paths: [SHARED, 'electron/core/**', 'electron/host/**', 'electron/platform/**'],
    packages: [NODE, 'zod', 'electron', 'electron-store', 'trpc-electron/main'],
  },
  // The command line runs under plain Node: never Electron, never the app's entry points.
  {
    room: 'cli',
    files: ['electron/cli/**', 'electron/cli.ts'],
    paths: [
      SHARED,
      'electron/core/**',
      'electron/host/**',
      'electron/simulator/**',
      'electron/mcp/**',
      'electron/cli/**',
    ],
    packages: [NODE, 'zod', 'commander'],
  },
  // Web mode's entry point: the host over HTTP, under plain Node.
  {
    room: 'web entry',
    files: ['electron/web.ts'],
    paths: [SHARED, 'electron/core/**', 'electron/host/**', 'electron/simulator/**'],
    packages: [NODE],
  },
  // The desktop app's entry points: everything main-side comes together here.
  {
    room: 'desktop entry',
    files: ['electron/main.ts', 'electron/preload.ts'],
    paths: [SHARED, 'electron/core/**', 'electron/host/**', 'electron/platform/**', 'electron/simulator/**'],
    packages: [NODE, 'electron', 'trpc-electron/main'],
  },
];

// What the renderer may use from npm: a sandboxed browser page (no Node, no Electron, no server side of tRPC).
const RENDERER_PACKAGES = [
  'react',
  'react/**',
  'react-dom/client',
  'react-i18next',
  'i18next',
  'wouter',
  'wouter/**',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  'react-hook-form',
  '@hookform/resolvers/**',
  'zustand',
  'zustand/**',
  'zod',
  '@trpc/client',
  'trpc-electron/renderer',
  'recharts',
  'react-dropzone',
  'cmdk',
];
const RENDERER_SHARED = [
  SHARED,
  'renderer/ui/**',
  'renderer/lib/**',
  'renderer/i18n/**',
  'renderer/store/**',
];
rooms.push(
  // A feature is any folder under renderer/features (derived from the tree, not listed): its own files and the
  // renderer's shared rooms, never another feature.
  {
    room: 'renderer feature',
    files: ['renderer/features/:feature/**'],
    paths: ['renderer/features/:feature/**', ...RENDERER_SHARED],
    packages: RENDERER_PACKAGES,
  },
  // Shared UI pieces, helpers, translations and state: never a feature.
  {
    room: 'renderer shared',
    files: ['renderer/ui/**', 'renderer/lib/**', 'renderer/i18n/**', 'renderer/store/**'],
    paths: RENDERER_SHARED,
    packages: RENDERER_PACKAGES,
  },
  // The shell that routes to the features.
  {
    room: 'renderer app',
    files: ['renderer/app/**', 'renderer/main.tsx'],
    paths: [...RENDERER_SHARED, 'renderer/app/**', 'renderer/features/**', 'renderer/styles/**'],
    packages: RENDERER_PACKAGES,
  },
  // Tests, benches, scripts and tool configs may reach anything they exercise.
  {
    room: 'tooling',
    files: ['test/**', 'scripts/**', 'eslint-rules/**', '*.config.ts', '*.config.js'],
    paths: ['**'],
    packages: ['**'],
  },
);

// Tests wait on what the code says (docs/architecture.md): an event, the injected clock, expect.poll. A promise
// that resolves on a timer is a sleep used as synchronisation, too short on a loaded machine and too long on an
// idle one. A timer that only bounds a wait (rejects, kills) is not a sleep and is not matched.
const SLEEP =
  'Wait on an event, the injected clock or expect.poll, not a timer (docs/architecture.md, "Tests wait on what the code says").';
const TEST_SLEEPS = [
  // new Promise((r) => setTimeout(r, N))
  "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
  // new Promise((r) => setTimeout(() => r(), N))
  "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='ArrowFunctionExpression'][arguments.0.body.type='CallExpression'][arguments.0.body.arguments.length=0]",
  // await setTimeout(N) from the promise timers
  'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
  // Playwright's fixed wait
  "CallExpression[callee.property.name='waitForTimeout']",
].map((selector) => ({ selector, message: SLEEP }));
// The sleeps left on purpose, each with why it is not synchronisation.
const TEST_SLEEP_EXCEPTIONS = [
  // Random jitter of 0-30 ms before each app press, so the presses meet the CLIs' at different offsets: it spreads
  // the race it provokes, it waits for nothing.
  'test/soak/budget-race.ts',
  // Runs inside the packaged app, polling the fake Electron's record of calls for the notification (the record
  // has no event to wait on), bounded by a deadline.
  'test/boot/harness/drive.ts',
  // The idle bench's minute of nothing is the measurement itself (CPU and gateway calls while the studio sits
  // open), not a wait for something to happen.
  'test/bench/idle.bench.ts',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test/lint/fixtures/**',
      '.vitest/**',
      '.tmp/**',
      'test-results/**',
      'bin/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { local },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'local/rooms': ['error', { rooms }],
    },
  },
  // Type-aware rules: a promise nobody awaits or catches, or one handed where a void callback is expected
  // (an event handler), loses its failure silently.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...restrictGlobals(nodeGlobals, 'shared/ is pure TypeScript: no Node globals.'),
        ...restrictGlobals(domGlobals, 'shared/ is pure TypeScript: no DOM globals.'),
      ],
    },
  },
  // The host composes the studio behind the bridge; a host file past 150 lines is doing more than one job (a
  // 339-line closure once grew there one convenient line at a time). Split it by job, do not raise the limit.
  {
    files: ['electron/host/**'],
    rules: { 'max-lines': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  // The same for the core at 400 lines: the task engine grew to 1 145 in one class before it was split by job
  // (electron/core/tasks). No file is excepted: one that needs more is doing two jobs and is split by job.
  {
    files: ['electron/core/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // The core (and shared) never write to the console: a failure goes to the Logger its composer injects
  // (electron/core/log), so the host and the CLI decide where it is told and tests can see it.
  {
    files: ['shared/**', 'electron/core/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['renderer/**'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks, ...jsxA11y.flatConfigs.recommended.plugins },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Generated media has no caption track to offer; the speech page shows the text it was made from.
      'jsx-a11y/media-has-caption': 'off',
      'no-restricted-globals': [
        'error',
        ...restrictGlobals(nodeGlobals, 'The renderer runs sandboxed: no Node globals.'),
        ...restrictGlobals(['confirm', 'alert', 'prompt'], BLOCKING_DIALOG),
      ],
      'no-restricted-properties': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((property) => ({
          object: 'window',
          property,
          message: BLOCKING_DIALOG,
        })),
      ],
    },
  },
  {
    files: ['test/**'],
    ignores: TEST_SLEEP_EXCEPTIONS,
    rules: { 'no-restricted-syntax': ['error', ...TEST_SLEEPS] },
  },
  // Server data reaches pages only through query modules: the shared ones in renderer/lib/api and each feature's
  // own in features/<f>/api (a feature never reaches another's: the rooms above refuse it). So every bridge call
  // has one home with its query key and cache updates, and a page cannot call the bridge behind the cache's back.
  {
    files: ['renderer/**'],
    ignores: ['renderer/lib/**', 'renderer/features/*/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/bridge$',
              message:
                'Call the bridge from a query module (renderer/lib/api or features/<feature>/api) and use its hook.',
            },
          ],
        },
      ],
    },
  },
);
