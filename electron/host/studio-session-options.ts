// What a StudioSession is built from (studio-session.ts): where its data lives, its stores, and how it reaches a
// gateway.
import type { SecretStore, SettingsStore } from '../core/settings/settings-store';
import type { DemoPolicy, DemoSimulatorOptions } from './demo-gateway';
import type { GatewayFactory } from './studio-gateway';

export interface StudioSessionOptions {
  /** Where the library lives unless settings say otherwise. */
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  /** Where the keys that sent unfinished tasks outlive a restart, like the key (in memory only when absent). */
  taskKeys?: SecretStore;
  /** How this transport serves library files: studio-media://library/ or /media/. */
  mediaBaseUrl: string;
  /** Builds a gateway client for a base URL and key. */
  createGateway: GatewayFactory;
  /** Whether the in-process demo gateway may be used (demo-gateway.ts); 'lazy' by default. */
  demo?: DemoPolicy;
  /** The demo gateway's pace (tests run it faster) and, in a bundled app, where its media fixtures are. */
  simulator?: DemoSimulatorOptions;
  /** Where the demo gateway reports trouble with its saved state, and gateway clients what failed unexpectedly. */
  log?: (message: string) => void;
  /** The proxy given on the command line (--proxy); the Settings field wins over it. */
  proxy?: string;
}
