// Who the studio talks to: the settings, the API key, and the gateway they point at (the user's own, the
// in-process demo gateway, or none yet). The gateway object the core holds never changes; the session swaps the
// client behind it when the key, the base URL or the demo choice changes.
import { join } from 'node:path';
import { localError } from '../../shared/bridge/errors';
import type { SessionStatus, Settings } from '../../shared/bridge/session-schemas';
import { modelConfigFromOverrides } from '../../shared/catalog/families';
import type { ModelConfig } from '../../shared/catalog/types';
import type { SecretStore, SettingsStore } from '../core/settings/settings-store';
import { startSimulator, SIM_KEYS } from '../simulator';
import type { RunningSimulator, SimulatorOptions } from '../simulator';
import type { DemoSeedIds } from './demo-sources';
import { notConfigured, SwitchableGateway } from './studio-gateway';
import type { GatewayFactory, StudioGateway } from './studio-gateway';
import { lineLogger } from '../core/log';
import type { Logger } from '../core/log';

export interface StudioSessionOptions {
  /** Where the library lives unless settings say otherwise. */
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  /** How this transport serves library files: studio-media://library/ or /media/. */
  mediaBaseUrl: string;
  /** Builds a gateway client for a base URL and key. */
  createGateway: GatewayFactory;
  /**
   * Whether the in-process demo gateway may be used: 'lazy' starts it when first chosen (the desktop app offers
   * it on first run), 'eager' starts it with the host (web mode's --demo), 'off' refuses session.useDemo.
   */
  demo?: 'lazy' | 'eager' | 'off';
  /** The demo gateway's pace (tests run it faster) and, in a bundled app, where its media fixtures are. */
  simulator?: Pick<SimulatorOptions, 'timeScale' | 'seed' | 'fixturesDir' | 'faults'>;
  /** Where the demo gateway reports trouble with its saved state, and gateway clients what failed unexpectedly. */
  log?: (message: string) => void;
}

/** The demo gateway's memory, beside the database: a restart must not lose its tasks, balance or history. */
export const DEMO_STATE_FILE = 'demo-gateway.json';

export class StudioSession {
  /** The one gateway the engine and speech service hold; it points at whichever client is current. */
  readonly gateway = new SwitchableGateway();
  readonly settings: SettingsStore;
  readonly #options: StudioSessionOptions;
  readonly #demoPolicy: 'lazy' | 'eager' | 'off';
  #simulator: RunningSimulator | null = null;
  #simulatorStart: Promise<RunningSimulator> | null = null;
  #liveKey: string | null = null;

  constructor(options: StudioSessionOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#demoPolicy = options.demo ?? 'lazy';
  }

  /** The library folder the settings choose, or the default beside the database. */
  /** Where the database and settings live. */
  get dataDir(): string {
    return this.#options.dataDir;
  }

  libraryDir(s: Settings = this.settings.get()): string {
    return s.libraryDir ?? join(this.#options.dataDir, 'library');
  }

  get demoAvailable(): boolean {
    return this.#demoPolicy !== 'off';
  }

  #inDemo(): boolean {
    return this.demoAvailable && this.settings.get().demo;
  }

  /** The model ids the settings override, so the client validates with the same rules as the forms. */
  readonly #models = (): ModelConfig => modelConfigFromOverrides(this.settings.get().modelOverrides);

  get #logger(): Logger {
    return lineLogger(this.#options.log ?? (() => undefined));
  }

  /** Points the gateway at the simulator, the configured gateway, or nothing. */
  async refresh(): Promise<void> {
    const { createGateway } = this.#options;
    if (this.#demoPolicy === 'eager' || this.#inDemo()) {
      this.#simulatorStart ??= startSimulator({
        stateFile: join(this.#options.dataDir, DEMO_STATE_FILE),
        ...(this.#options.log && { log: this.#options.log }),
        ...this.#options.simulator,
      });
      this.#simulator = await this.#simulatorStart;
    }
    if (this.#simulator && this.#inDemo()) {
      this.#liveKey = null;
      const connection = {
        baseUrl: this.#simulator.url,
        apiKey: SIM_KEYS.default,
        models: this.#models,
        logger: this.#logger,
      };
      this.gateway.set(createGateway(connection));
      return;
    }
    const baseUrl = this.settings.get().baseUrl;
    const apiKey = (this.#liveKey = await this.#options.secrets.getKey());
    this.gateway.set(
      baseUrl && apiKey
        ? createGateway({ baseUrl, apiKey, models: this.#models, logger: this.#logger })
        : null,
    );
  }

  async status(): Promise<SessionStatus> {
    const s = this.settings.get();
    const hasKey = await this.#options.secrets.hasKey();
    const demo = this.#inDemo();
    return {
      mode: demo ? 'demo' : s.baseUrl && hasKey ? 'live' : 'unconfigured',
      baseUrl: demo ? (this.#simulator?.url ?? null) : s.baseUrl,
      hasKey: demo ? true : hasKey,
      mediaBaseUrl: this.#options.mediaBaseUrl,
      libraryDir: this.libraryDir(s),
      demoAvailable: this.demoAvailable,
    };
  }

  async useDemo(): Promise<SessionStatus> {
    if (!this.demoAvailable) {
      throw localError(
        'demo_unavailable',
        'The demo gateway is not available here: start web mode with --demo.',
      );
    }
    await this.settings.update({ demo: true, onboarded: true });
    await this.refresh();
    return this.status();
  }

  async setKey(key: string): Promise<SessionStatus> {
    await this.#options.secrets.setKey(key);
    // Entering a key is choosing one's own gateway over the demo.
    await this.settings.update({ demo: false, ...(this.settings.get().baseUrl ? { onboarded: true } : {}) });
    await this.refresh();
    return this.status();
  }

  async clearKey(): Promise<SessionStatus> {
    await this.#options.secrets.clearKey();
    await this.refresh();
    return this.status();
  }

  /**
   * Which gateway's prices apply now: its base URL, or 'demo' for the demo gateway (its port changes with
   * every start, its prices do not); null when none is set up.
   */
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
    return this.#simulator && this.#inDemo() ? this.#simulator.seeds : null;
  }

  /** Every key this process holds, so no error can carry one out. */
  secretValues(): string[] {
    return [this.#liveKey, SIM_KEYS.default].filter((k): k is string => !!k);
  }

  async close(): Promise<void> {
    await this.#simulator?.close();
  }
}
