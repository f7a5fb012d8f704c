// Preload: CommonJS so it loads with sandbox: true. Exposes trpc-electron's message channel and nothing else;
// every call on it is checked again in main (electron/platform/ipc-bridge.ts).
import { exposeElectronTRPC } from 'trpc-electron/main';

exposeElectronTRPC();
