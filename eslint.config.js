// Lint rules that carry the architecture: imports flow shared <- core <- host <- main/cli and shared <- renderer.
// A rule that fails CI is worth ten paragraphs of design notes (see test/lint/layering.test.ts for the proof).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/layering.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'node:*'];
const features = ['create', 'tasks', 'library', 'speech', 'usage', 'settings', 'onboarding'];

/** @param {{target: string, from: string, message: string, except?: string[]}[]} zones */
const layers = (zones) => ['error', { zones }];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test/lint/fixtures/**', '.vitest/**', '.tmp/**', 'test-results/**', 'bin/**'] },
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
    },
  },
);
