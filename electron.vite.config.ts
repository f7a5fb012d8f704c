import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

/**
 * The renderer's build: the same React app web mode serves to a browser. Exported because the renderer-load
 * bench builds it as shipped beside a baseline, and must measure exactly these settings.
 */
export const rendererConfig = {
  root: 'renderer',
  plugins: [react()],
  build: {
    outDir: 'out/renderer',
    // electron-vite leaves every bundle unminified; the renderer is what a browser (web mode) downloads and
    // Electron parses at each start, so it is minified (about 1.5 MB of eager JS became ~0.6 MB).
    // `npm run bench -- renderer-load` measures it against an unminified, eager build of the same code.
    minify: true,
    rollupOptions: { input: { index: resolve('renderer/index.html') } },
  },
};

// Three bundles: main (ESM, Node 24 inside Electron), preload (CommonJS so it loads with sandbox: true),
// renderer (the same React app web mode serves to a browser).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { main: resolve('electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only 'electron': bundle trpc-electron (and what it imports) into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve('electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
});
