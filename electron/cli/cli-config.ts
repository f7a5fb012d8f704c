// Global options and their environment fallbacks. The database lives beside the library by default
// (`<library>/studio.db`), so one folder holds everything a user may back up or move; STUDIO_DATA_DIR puts it
// elsewhere (`<STUDIO_DATA_DIR>/studio.db`), e.g. to share the task list with the desktop app. When that folder
// is an app's (its settings are there), the library is the app's own unless one is named.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { invalidArgument } from './cli-errors';
import { checkProxyAddress } from '../../shared/gateway/proxy-address';
import {
  MAX_RESULT_ADDRESSES,
  parseResultAddress,
  splitResultAddresses,
} from '../../shared/gateway/result-addresses';
import { VALIDATION_EN } from '../../shared/validation/messages';
import { savedSettingsStore } from '../core/settings/saved-settings';
import type { Settings } from '../../shared/bridge/session-schemas';

export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  library?: string;
  json?: boolean;
  proxy?: string;
  resultAddresses?: string;
}

export interface CliConfig {
  baseUrl: string | null;
  apiKey: string | null;
  libraryDir: string;
  /**
   * The library folder of the app whose data folder STUDIO_DATA_DIR is (its settings' folder, else
   * `<data>/library`, as the app decides); null when no app's settings are there. One database indexes one
   * library in use, so another folder is refused (compose.ts).
   */
  appLibraryDir: string | null;
  /** The settings the app saved in STUDIO_DATA_DIR (read once here; its starting prices are the CLI's too). */
  appSettings: Settings | null;
  databasePath: string;
  /** STUDIO_DATA_DIR when set: the library folder may not be it or contain it. */
  dataDir: string | null;
  /** The home folder, which may not be the library folder itself. */
  homeDir: string;
  json: boolean;
  /** --proxy, checked and normalised; null: HTTPS_PROXY/HTTP_PROXY/NO_PROXY decide (core/proxy). */
  proxy: string | null;
  /**
   * Where result files may come from beyond the rule's own (core/downloads/local-addresses.ts): --result-addresses,
   * else STUDIO_RESULT_ADDRESSES, else the app's Settings › Result files when STUDIO_DATA_DIR is its data folder.
   */
  resultAddresses: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

export function resolveConfig(options: GlobalOptions, env: Env, cwd: string): CliConfig {
  const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
  const dataText = nonEmpty(env.STUDIO_DATA_DIR);
  const dataDir = dataText ? resolve(cwd, dataText) : null;
  // Through the one settings store, over whichever app's file is there (the desktop's or web mode's).
  const appSettings = dataDir ? (savedSettingsStore(dataDir)?.get() ?? null) : null;
  const appLibraryDir =
    dataDir && appSettings ? resolve(dataDir, appSettings.libraryDir ?? join(dataDir, 'library')) : null;
  const named = nonEmpty(options.library) ?? nonEmpty(env.STUDIO_LIBRARY_DIR);
  const libraryDir = named ? resolve(cwd, named) : (appLibraryDir ?? resolve(cwd, defaultLibraryDir(env)));
  return {
    baseUrl: nonEmpty(options.baseUrl) ?? nonEmpty(env.GATEWAY_BASE_URL),
    apiKey: nonEmpty(options.apiKey) ?? nonEmpty(env.GATEWAY_API_KEY),
    libraryDir,
    appLibraryDir,
    appSettings,
    databasePath: join(dataDir ?? libraryDir, 'studio.db'),
    dataDir,
    homeDir: env.HOME ?? homedir(),
    json: Boolean(options.json),
    proxy: proxyOption(nonEmpty(options.proxy)),
    resultAddresses: resultAddressesOption(
      nonEmpty(options.resultAddresses) ?? nonEmpty(env.STUDIO_RESULT_ADDRESSES),
      appSettings?.resultAddresses ?? [],
    ),
  };
}

/** --result-addresses (or its variable) as the settings field takes it; one entry that is none is refused. */
function resultAddressesOption(text: string | null, app: readonly string[]): readonly string[] {
  if (text === null) return app;
  const entries = splitResultAddresses(text);
  const bad = entries.find((entry) => parseResultAddress(entry) === null);
  if (bad !== undefined)
    throw invalidArgument(`--result-addresses: "${bad}". ${VALIDATION_EN.resultAddress}`, 'result-addresses');
  if (entries.length > MAX_RESULT_ADDRESSES)
    throw invalidArgument(
      `--result-addresses lists ${entries.length} entries; at most ${MAX_RESULT_ADDRESSES}.`,
      'result-addresses',
    );
  return entries;
}

/** --proxy as the settings field takes it; a bad address is refused before anything is sent. */
function proxyOption(text: string | null): string | null {
  if (text === null) return null;
  const checked = checkProxyAddress(text);
  if (!checked.ok) throw invalidArgument(checked.sentence, 'proxy');
  return checked.url;
}

/** The gateway address and key, checked; only commands that talk to the gateway ask for them. */
export function requireGateway(config: CliConfig): { baseUrl: string; apiKey: string } {
  if (!config.baseUrl) {
    throw invalidArgument('No gateway address: pass --base-url or set GATEWAY_BASE_URL.', 'base-url');
  }
  let url: URL;
  try {
    url = new URL(config.baseUrl);
  } catch {
    throw invalidArgument(`--base-url is not a URL: ${config.baseUrl}`, 'base-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidArgument('--base-url must be an http(s) URL.', 'base-url');
  }
  if (!config.apiKey) {
    throw invalidArgument('No API key: pass --api-key or set GATEWAY_API_KEY.', 'api-key');
  }
  return { baseUrl: config.baseUrl, apiKey: config.apiKey };
}

/** Where the desktop app keeps its data on each platform, plus /library. */
function defaultLibraryDir(env: Env): string {
  const home = env.HOME ?? homedir();
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Gateway Studio', 'library');
  if (process.platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'Gateway Studio', 'library');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'gateway-studio', 'library');
}
