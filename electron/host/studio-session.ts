// Who the studio talks to: the settings, the API key, and the gateway they point at (the user's own, the
// in-process demo gateway, or none yet). The gateway object the core holds never changes; the session swaps the
// client behind it when the key, the base URL or the demo choice changes.
import { join } from 'node:path';
import type { SessionStatus, Settings } from '../../shared/bridge/session-schemas';
import { BridgeError } from '../../shared/bridge/errors';
import { checkKey } from './key-check';
import { modelConfigFromOverrides } from '../../shared/catalog/families';
import type { ModelConfig } from '../../shared/catalog/types';
import type { SettingsStore } from '../core/settings/settings-store';
import { SIM_KEYS } from '../simulator';
import { DemoGateway } from './demo-gateway';
import type { DemoSeedIds } from './demo-sources';
import { notConfigured, SwitchableGateway, type StudioGateway } from './studio-gateway';
import type { StudioSessionOptions } from './studio-session-options';

export type { StudioSessionOptions } from './studio-session-options';
import { lineLogger, type Logger } from '../core/log';
import { ProxyRoute } from '../core/proxy/proxy-route';

export class StudioSession {
  /** The one gateway the engine and speech service hold; it points at whichever client is current. */
  readonly gateway = new SwitchableGateway();
  readonly settings: SettingsStore;
  readonly #options: StudioSessionOptions;
  readonly #demo: DemoGateway;
  #liveKey: string | null = null;

  constructor(options: StudioSessionOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#demo = new DemoGateway(options.dataDir, options.demo ?? 'lazy', options.simulator, options.log);
  }

  /** Where the database and settings live. */
  get dataDir(): string {
    return this.#options.dataDir;
  }

  /** The library folder the settings choose, or the default beside the database. */
  libraryDir(s: Settings = this.settings.get()): string {
    return s.libraryDir ?? join(this.#options.dataDir, 'library');
  }

  get demoAvailable(): boolean {
    return this.#demo.available;
  }

  #inDemo(): boolean {
    return this.demoAvailable && this.settings.get().demo;
  }

  /** The model ids the settings override, so the client validates with the same rules as the forms. */
  readonly #models = (): ModelConfig => modelConfigFromOverrides(this.settings.get().modelOverrides);

  /** Settings' proxy, else --proxy, else the env's (core/proxy), read at every call; the demo (not sync): direct. */
  readonly #proxy = new ProxyRoute(() => (this.#inDemo() ? false : this.proxySetting()));
  readonly proxySetting = () => this.settings.get().proxy ?? this.#options.proxy ?? null;

  get #logger(): Logger {
    return lineLogger(this.#options.log ?? (() => undefined));
  }

  /** Points the gateway at the demo (its chosen dialects), the configured gateway (UI language), or none. */
  async refresh(): Promise<void> {
    const inDemo = this.#inDemo();
    const s = this.settings.get();
    const demo = this.#demo.policy === 'eager' || inDemo ? await this.#demo.start(s.demoDialects) : null;
    const useDemo = demo !== null && inDemo;
    this.#liveKey = useDemo ? null : await this.#options.secrets.getKey();
    const baseUrl = useDemo ? demo.url : s.baseUrl;
    const apiKey = useDemo ? SIM_KEYS.default : this.#liveKey;
    const parts = { models: this.#models, proxy: this.#proxy, language: () => this.settings.get().language };
    const connection = baseUrl && apiKey && { baseUrl, apiKey, logger: this.#logger, ...parts };
    this.gateway.set(connection ? this.#options.createGateway(connection) : null);
  }

  async status(): Promise<SessionStatus> {
    const [s, hasKey, demo] = [this.settings.get(), await this.#options.secrets.hasKey(), this.#inDemo()];
    return {
      mode: demo ? 'demo' : s.baseUrl && hasKey ? 'live' : 'unconfigured',
      baseUrl: demo ? (this.#demo.running?.url ?? null) : s.baseUrl,
      hasKey: demo ? true : hasKey,
      keyStorage: await this.#options.secrets.keptAs(),
      mediaBaseUrl: this.#options.mediaBaseUrl,
      libraryDir: this.libraryDir(s),
      demoAvailable: this.demoAvailable,
    };
  }

  async useDemo(): Promise<SessionStatus> {
    this.#demo.assertAvailable();
    await this.settings.update({ demo: true, onboarded: true });
    await this.refresh();
    return this.status();
  }

  /**
   * Takes a new key unless the gateway refuses it: until then the key in use (and the demo choice) stays, so a
   * mistyped replacement never leaves a working studio without one. mustAnswer (onboarding) also puts it all back
   * when the gateway could not be asked at all, so nobody is let in to a studio whose gateway is unreachable.
   */
  async setKey(key: string, mustAnswer = false): Promise<SessionStatus> {
    const before = { key: await this.#options.secrets.getKey(), demo: this.settings.get().demo };
    await this.#options.secrets.setKey(key);
    // Entering a key is choosing one's own gateway over the demo.
    await this.settings.update({ demo: false, ...(this.settings.get().baseUrl ? { onboarded: true } : {}) });
    await this.refresh();
    const check = await checkKey(this.gateway);
    if (check.kind === 'accepted' || (check.kind === 'unchecked' && !mustAnswer)) return this.status();
    await (before.key === null ? this.#options.secrets.clearKey() : this.#options.secrets.setKey(before.key));
    await this.settings.update({ demo: before.demo });
    await this.refresh();
    throw new BridgeError(check.error);
  }

  async clearKey(): Promise<SessionStatus> {
    await this.#options.secrets.clearKey();
    await this.refresh();
    return this.status();
  }

  /** Whose prices apply: the base URL, or 'demo' (its port changes each start, its prices do not); null: none. */
  pricesKey(): string | null {
    if (!this.gateway.configured) return null;
    return this.#inDemo() ? 'demo' : this.settings.get().baseUrl || null;
  }

  /** The gateway, for a call that needs one; a clear 'not configured' error before anything is written. */
  connected(): StudioGateway {
    if (!this.gateway.configured) throw notConfigured();
    return this.gateway;
  }

  /** The seeded task ids of the demo gateway, when the studio is using it; null otherwise. */
  demoSeeds(): DemoSeedIds | null {
    const demo = this.#demo.running;
    return demo && this.#inDemo() ? demo.seeds : null;
  }

  /** Every key this process holds, so no error can carry one out. */
  secretValues(): string[] {
    return [this.#liveKey, SIM_KEYS.default].filter((k): k is string => !!k);
  }

  async close(): Promise<void> {
    await this.#demo.close();
  }
}
