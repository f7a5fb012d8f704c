import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import pkg from './package.json' with { type: 'json' };

// The CLI as one ESM file for the package bin; dependencies stay external and load from node_modules.
export default defineConfig({
  build: {
    ssr: resolve('electron/cli.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node24',
    rollupOptions: {
      external: [
        ...builtinModules,
        ...builtinModules.map((m) => `node:${m}`),
        ...Object.keys(pkg.dependencies),
      ],
      output: { format: 'es', entryFileNames: 'cli.js' },
    },
  },
});
