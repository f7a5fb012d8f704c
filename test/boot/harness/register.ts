// Loaded with `node --import` before the built main bundle runs: `electron` resolves to the fake (for import and
// require alike, through a module resolution hook), the process looks like Electron's main process, and the
// driver starts waiting for main to ask for 'ready'. Nothing else of the app's resolution is touched.
import { registerHooks } from 'node:module';
import { scenario } from './fake-electron.ts';
import { drive } from './drive.ts';

const FAKE_ELECTRON = new URL('./fake-electron.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron')
      return { url: FAKE_ELECTRON, format: 'module-typescript', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// Electron's main process sets these; main.ts reads resourcesPath when packaged, electron-store reads type.
Object.defineProperty(process, 'resourcesPath', { value: scenario.resourcesPath, enumerable: true });
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });

// Not awaited: `--import` modules finish before the main module loads, and the driver needs main running.
void drive();
