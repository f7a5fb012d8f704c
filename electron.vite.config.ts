import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

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
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
