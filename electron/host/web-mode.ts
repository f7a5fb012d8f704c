// Web mode: the studio host behind the loopback web server, with settings in a JSON file and the key in a file
// only the user can read (FileSecretStore says why), both in the data folder. The e2e tests start it in-process; `npm run web` starts it from web.ts.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { WEB_MEDIA_BASE_URL } from '../../shared/bridge/media-url';
import type { Clock } from '../core/clock';
import { createGatewayClient } from '../core/gateway/gateway-client';
import { webSettings } from '../core/settings/saved-settings';
import { FileSecretStore } from '../core/settings/file-secret-store';
import { TASK_KEYS_FILE, taskKeysFile } from '../core/settings/task-keys-file';
import type { SimulatorOptions } from '../simulator';
import type { PollPolicy } from '../core/tasks';
import { createStudioHost } from './studio-host';
import { startWebServer } from './web-server';

export interface WebModeOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Start the in-process demo gateway and offer it (onboarding's "Try the demo gateway"). */
  demo?: boolean;
  /** Database, settings and default library folder. Default ~/.gateway-studio/web. */
  dataDir?: string;
  /** The built renderer. Default out/renderer of this checkout. */
  staticDir?: string;
  clock?: Clock;
  /**
   * Demo gateway options; faults, switches and a clock only from tests (a demo that fails on purpose, to see what
   * the app says; a demo on the same ManualClock as `clock`, so a test moves the studio's time and the gateway's).
   */
  simulator?: Pick<
    SimulatorOptions,
    'timeScale' | 'seed' | 'faults' | 'links' | 'uploads' | 'modelList' | 'clock'
  >;
  /** Tests only: the engine's poll policy where it differs (first polls that follow a fast demo gateway). */
  polling?: Partial<PollPolicy>;
  log?: (message: string) => void;
  /** Benches only: told of every call the studio makes to its gateway (the idle bench counts them). */
  onGatewayCall?: (method: string) => void;
  /** --proxy: the gateway's proxy unless Settings name one. */
  proxy?: string;
}

export interface WebMode {
  /** http://127.0.0.1:<port>/?token=<token>: open it once; the token becomes a cookie. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The key's file in the data folder (0600). */
export const WEB_KEY_FILE = 'api-key';
/** The sync remote's secret and passphrase, kept the same way as the key. */
export const WEB_SYNC_SECRETS_FILE = 'sync-secrets';
/** The keys that sent unfinished tasks (submitting-keys.ts): the one file the CLI keeps them in too. */
export const WEB_TASK_KEYS_FILE = TASK_KEYS_FILE;
/** The agents' endpoint token: plain text readable by the user alone, as the key is in web mode. */
export const WEB_AGENT_TOKEN_FILE = 'agent-token';

export const DEFAULT_STATIC_DIR = resolve(import.meta.dirname, '../../out/renderer');

export async function startWebMode(options: WebModeOptions = {}): Promise<WebMode> {
  const log = options.log ?? ((m: string) => console.warn(m));
  const dataDir = resolve(options.dataDir ?? join(homedir(), '.gateway-studio', 'web'));
  const clock = options.clock;
  const host = await createStudioHost({
    dataDir,
    settings: webSettings(dataDir, log),
    secrets: new FileSecretStore(join(dataDir, WEB_KEY_FILE), log),
    syncSecrets: new FileSecretStore(join(dataDir, WEB_SYNC_SECRETS_FILE), log),
    taskKeys: taskKeysFile(dataDir, log),
    agentSecrets: new FileSecretStore(join(dataDir, WEB_AGENT_TOKEN_FILE), log),
    mediaBaseUrl: WEB_MEDIA_BASE_URL,
    createGateway: (connection) => {
      const client = createGatewayClient({ ...connection, ...(clock && { clock }) });
      const told = options.onGatewayCall;
      return told ? countedCalls(client, told) : client;
    },
    demo: options.demo ? 'eager' : 'off',
    log,
    ...(clock && { clock }),
    ...(options.simulator && { simulator: options.simulator }),
    ...(options.polling && { polling: options.polling }),
    ...(options.proxy && { proxy: options.proxy }),
  });
  try {
    const server = await startWebServer({
      handlers: host.handlers,
      staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
      media: () => host.media(),
      references: host.references,
      exports: host.exports,
      port: options.port ?? 0,
      log,
    });
    return {
      url: server.url,
      origin: server.origin,
      token: server.token,
      dataDir,
      close: async () => {
        await server.close();
        await host.close();
      },
    };
  } catch (error) {
    await host.close();
    throw error;
  }
}

/** The client with each method call told first, by the method's name. */
function countedCalls<T extends object>(client: T, told: (method: string) => void): T {
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        told(name);
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}
