// The renderer's side of the fake window. When a document loads, the preload runs as Electron runs it in a
// sandboxed renderer: as the body of a CommonJS function (an ESM preload fails to parse, as it does there) whose
// require() knows only 'electron' and a few Node shims. Its contextBridge and ipcRenderer talk to the fake
// ipcMain with the messages, events and structured clones Electron uses, so the driver reaches main exactly
// as the React app's ipcLink does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import type { BridgeReply } from './boot-scenario.ts';
import { FakeWindow, ipcMainEvents, strict } from './fake-electron.ts';
import type { FakeWebContents } from './fake-electron.ts';

/** What a sandboxed preload may require besides 'electron' (Electron's documented list). */
const SANDBOX_MODULES = new Set(['events', 'timers', 'url']);
const TRPC_CHANNEL = 'trpc-electron';

export const preload = {
  ran: false,
  error: null as string | null,
  exposed: [] as string[],
  required: [] as string[],
};

type Listener = (event: unknown, data: unknown) => void;
// Keyed by the raw web contents: main calls loadFile through the strict proxy, so `this` there is the proxy.
const worlds = new WeakMap<FakeWebContents, Record<string, unknown>>();
const rendererListeners = new WeakMap<FakeWebContents, Map<string, Listener[]>>();

export interface IpcSender {
  contents: FakeWebContents;
  frameUrl: string;
  /** null for a main frame; a subframe has a parent frame. */
  parent: object | null;
}

/** One IPC message from `from` to main; main's replies (event.reply) are handed to `onReply`. */
export function sendToMain(
  from: IpcSender,
  channel: string,
  message: unknown,
  onReply: (channel: string, data: unknown) => void,
): void {
  const event = strict('IpcMainEvent', {
    processId: 1,
    frameId: 1,
    ports: [],
    returnValue: undefined as unknown,
    sender: strict('webContents', from.contents),
    senderFrame: strict('WebFrameMain', {
      url: from.frameUrl,
      parent: from.parent,
      routingId: 1,
      processId: 1,
    }),
    reply: (replyChannel: string, data: unknown) => onReply(replyChannel, structuredClone(data)),
  });
  ipcMainEvents.emit(channel, event, structuredClone(message));
}

function deliverToRenderer(contents: FakeWebContents, channel: string, data: unknown): void {
  for (const listener of rendererListeners.get(contents)?.get(channel) ?? []) listener({}, data);
}

function runPreload(win: FakeWindow): void {
  const path = (win.options['webPreferences'] as { preload?: string } | undefined)?.preload;
  if (!path) {
    preload.error = 'the window has no preload';
    return;
  }
  const world: Record<string, unknown> = {};
  const listeners = new Map<string, Listener[]>();
  rendererListeners.set(win.contents, listeners);
  const electron = strict('electron (sandboxed preload)', {
    contextBridge: strict('contextBridge', {
      exposeInMainWorld(key: string, api: unknown): void {
        world[key] = api;
        preload.exposed.push(key);
      },
    }),
    ipcRenderer: strict('ipcRenderer', {
      send(channel: string, message: unknown): void {
        const sender = { contents: win.contents, frameUrl: win.contents.url, parent: null };
        sendToMain(sender, channel, message, (ch, data) => deliverToRenderer(win.contents, ch, data));
      },
      on(channel: string, listener: Listener): void {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      },
    }),
  });
  const nodeRequire = createRequire(path);
  const sandboxRequire = (id: string): unknown => {
    preload.required.push(id);
    if (id === 'electron') return electron;
    if (SANDBOX_MODULES.has(id)) return nodeRequire(id);
    throw new Error(
      `Cannot find module '${id}': a sandboxed preload can require only electron, events, timers, url`,
    );
  };
  try {
    const body = compileFunction(readFileSync(path, 'utf8'), ['require', 'module', 'exports'], {
      filename: path,
    });
    const module = { exports: {} };
    body(sandboxRequire, module, module.exports);
    preload.ran = true;
    worlds.set(win.contents, world);
  } catch (error) {
    // Electron logs "Unable to load preload script" in the renderer and loads the page without the bridge.
    preload.error = String(error);
  }
}

FakeWindow.onLoad = runPreload;

interface ExposedChannel {
  sendMessage(message: unknown): void;
  onMessage(callback: (message: unknown) => void): void;
}

export interface BridgeCaller {
  call(type: 'query' | 'mutation', path: string, input?: unknown): Promise<BridgeReply>;
}

function caller(
  send: (message: unknown) => void,
  listen: (cb: (message: unknown) => void) => void,
): BridgeCaller {
  const pending = new Map<number, (reply: BridgeReply) => void>();
  listen((message) => {
    const reply = message as BridgeReply;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  let nextId = 1;
  return {
    call: (type, path, input) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        send({ method: 'request', operation: { id, type, path, input, context: {} } });
      }),
  };
}

/** The bridge as the renderer's ipcLink uses it: through what the preload exposed as `electronTRPC`. */
export function rendererBridge(win: FakeWindow): BridgeCaller {
  const channel = worlds.get(win.contents)?.['electronTRPC'] as ExposedChannel | undefined;
  if (!channel) throw new Error('the preload exposed no electronTRPC: the renderer cannot reach main');
  return caller(
    (m) => channel.sendMessage(m),
    (cb) => channel.onMessage(cb),
  );
}

/** The bridge reached by some other sender (another web contents, a subframe) that has IPC but is not ours. */
export function foreignBridge(sender: IpcSender): BridgeCaller {
  let onReply: (message: unknown) => void = () => undefined;
  return caller(
    (m) => sendToMain(sender, TRPC_CHANNEL, m, (_ch, data) => onReply(data)),
    (cb) => (onReply = cb),
  );
}
