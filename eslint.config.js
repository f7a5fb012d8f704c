// Lint rules that carry the architecture: imports flow shared <- core <- host <- main/cli and shared <- renderer.
// A rule that fails CI is worth ten paragraphs of design notes (see test/lint/layering.test.ts for the proof).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/layering.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'node:*'];
// esquery ends a selector's regex at the first '/', so a slash is written \x2F.
const escape = (s) => s.replace(/[\\^$*+?.()|[\]{}]/g, '\\$&').replaceAll('/', '\\x2F');
const builtinPattern = `^(node:|(${builtinModules.map(escape).join('|')})(\\x2F|$))`;

/**
 * no-restricted-imports sees only static imports: a dynamic import('electron') or import('node:fs') would slip
 * past it, so the same modules are refused as ImportExpression sources too.
 * @param {{pattern: string, message: string}[]} modules
 */
const noDynamicImportOf = (modules) => [
  'error',
  ...modules.map(({ pattern, message }) => ({
    selector: `ImportExpression[source.value=/${pattern}/]`,
    message,
  })),
];

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
const restrictGlobals = (names, message) => names.map((name) => ({ name, message }));

const features = ['create', 'tasks', 'library', 'speech', 'usage', 'settings', 'onboarding'];

/** @param {{target: string, from: string, message: string, except?: string[]}[]} zones */
const layers = (zones) => ['error', { zones }];

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
      'local/layering': layers([
        { target: './shared', from: './electron', message: 'shared/ is pure: it may not import electron/.' },
        { target: './shared', from: './renderer', message: 'shared/ is pure: it may not import renderer/.' },
        {
          target: './renderer',
          from: './electron',
          message: 'The renderer talks to main only through the bridge.',
        },
        { target: './electron/core', from: './electron/host', message: 'core may not import host.' },
        { target: './electron/core', from: './electron/platform', message: 'core may not import platform.' },
        {
          target: './electron/core',
          from: './electron/simulator',
          message: 'core may not import the simulator.',
        },
        {
          target: './electron/simulator',
          from: './electron/core',
          message: 'The simulator is an independent peer: nothing of the client.',
        },
        {
          target: './electron/simulator',
          from: './electron/host',
          message: 'The simulator is an independent peer.',
        },
        {
          target: './electron/simulator',
          from: './electron/platform',
          message: 'The simulator is an independent peer.',
        },
        {
          target: './electron/host',
          from: './electron/platform',
          message: 'host is transport-agnostic; platform plugs into it from main.ts.',
        },
        ...features.map((f) => ({
          target: `./renderer/features/${f}`,
          from: './renderer/features',
          except: [`./${f}`],
          message: 'Features do not import each other; share through renderer/ui or renderer/lib.',
        })),
      ]),
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ never imports electron.' }],
          patterns: [
            { group: nodeBuiltins, message: 'shared/ is pure TypeScript: no Node built-ins.' },
            { group: ['react', 'react-dom', 'react/*'], message: 'shared/ has no UI.' },
          ],
        },
      ],
      'no-restricted-syntax': noDynamicImportOf([
        { pattern: '^electron$', message: 'shared/ never imports electron.' },
        { pattern: builtinPattern, message: 'shared/ is pure TypeScript: no Node built-ins.' },
        { pattern: '^react(-dom)?(\\x2F|$)', message: 'shared/ has no UI.' },
      ]),
      'no-restricted-globals': [
        'error',
        ...restrictGlobals(nodeGlobals, 'shared/ is pure TypeScript: no Node globals.'),
        ...restrictGlobals(domGlobals, 'shared/ is pure TypeScript: no DOM globals.'),
      ],
    },
  },
  {
    files: [
      'electron/core/**',
      'electron/simulator/**',
      'electron/host/**',
      'electron/cli.ts',
      'electron/web.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only electron/platform, main.ts and preload.ts touch Electron.' },
          ],
        },
      ],
      'no-restricted-syntax': noDynamicImportOf([
        { pattern: '^electron$', message: 'Only electron/platform, main.ts and preload.ts touch Electron.' },
      ]),
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer never imports electron: use the bridge.' }],
          patterns: [{ group: nodeBuiltins, message: 'The renderer runs sandboxed: no Node built-ins.' }],
        },
      ],
      'no-restricted-syntax': noDynamicImportOf([
        { pattern: '^electron$', message: 'The renderer never imports electron: use the bridge.' },
        { pattern: builtinPattern, message: 'The renderer runs sandboxed: no Node built-ins.' },
      ]),
      'no-restricted-globals': [
        'error',
        ...restrictGlobals(nodeGlobals, 'The renderer runs sandboxed: no Node globals.'),
      ],
    },
  },
);
