import { defineConfig, type Plugin } from 'vite';
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHILD_ENTRIES, builtName } from './test/support/child-entry.ts';

/**
 * Each module keeps the import.meta.url and import.meta.dirname of its source: the simulator finds its fixtures
 * and web mode its renderer relative to their own files, and in one bundle every module would otherwise answer
 * with the bundle's folder.
 */
const sourcePlaces = (): Plugin => ({
  name: 'source-places',
  transform(code, id) {
    if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes('import.meta.')) return null;
    return code
      .replaceAll('import.meta.dirname', JSON.stringify(dirname(id)))
      .replaceAll('import.meta.filename', JSON.stringify(id))
      .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href));
  },
});

// The entries tests run as children (test/support/child-entry.ts), built once by npm test so each start of a
// child skips tsx's compile: ESM for Node 24, every package external and loaded from node_modules as in tsx.
export default defineConfig({
  plugins: [sourcePlaces()],
  build: {
    ssr: true,
    outDir: 'out/children',
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    rollupOptions: {
      input: Object.fromEntries(CHILD_ENTRIES.map((entry) => [builtName(entry), resolve(entry)])),
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
