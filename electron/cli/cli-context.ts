// What every command gets: resolved options, the output, an abort signal, and the core, opened lazily so
// `models` needs nothing and `library` needs no gateway.
import type { Clock } from '../core/clock';
import type { Studio } from '../core/compose-studio';
import type { Library } from '../core/library';
import type { PriceBook } from '../core/pricing';
import type { SpeechService } from '../core/speech';
import type { SyncService } from '../core/sync';
import type { TaskEngine } from '../core/tasks';
import type { RegionEditor } from '../core/region-edit/region-editor';
import type { Press } from '../core/press/press';
import type { GatewayCallEvent, GatewayClient } from '../core/gateway';
import type { CliConfig } from './cli-config';
import type { CliIo } from './cli-io';
import type { CliOutput } from './cli-output';

export interface CliCore {
  gateway: GatewayClient;
  engine: TaskEngine;
  /** The app's one press (core/press): `generate` plans and sends through it, held to the same limits and keys. */
  press: Press;
  library: Library;
  speech: SpeechService;
  /** "Edit a region" (the `edit` command), through this engine and library. */
  regions: RegionEditor;
  /** The composition root every part above came from: spending limits, presets, recipes, usage. */
  studio: Studio;
  /** What this gateway charged before, learned per model and settings. */
  prices: PriceBook;
  clock: Clock;
  /** Every attempt the gateway client makes (progress lines, a revoked key stopping a wait). */
  onGatewayCall(listener: (event: GatewayCallEvent) => void): () => void;
}

export interface CliContext {
  config: CliConfig;
  io: CliIo;
  out: CliOutput;
  signal: AbortSignal;
  /** The library and its database, without the gateway. */
  library(): Library;
  /** The studio's services over its database (presets, styles, recipes), without the gateway. */
  studio(): Studio;
  /** Library sync over the same database, set up from the environment (or the app's sync.json). */
  sync(): SyncService;
  /**
   * Everything: client, engine (not started), downloads, library, speech. Exit 2 without base URL or key,
   * unless `online` is false (commands that only read the local database).
   */
  core(online?: boolean): CliCore;
}
