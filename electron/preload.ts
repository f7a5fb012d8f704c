// Preload: CommonJS so it loads with sandbox: true. Exposes the bridge transport and nothing else.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('studioShell', { platform: process.platform });
