// The in-process demo gateway (the simulator) as the session uses it: started once, on first need, with its
// memory kept beside the database, and closed with the host.
import { join } from 'node:path';
import { localError } from '../../shared/bridge/errors';
import { startSimulator } from '../simulator';
import type { Dialect, RunningSimulator, SimulatorOptions } from '../simulator';

/** The demo gateway's memory, beside the database: a restart must not lose its tasks, balance or history. */
export const DEMO_STATE_FILE = 'demo-gateway.json';

export type DemoSimulatorOptions = Pick<
  SimulatorOptions,
  'timeScale' | 'seed' | 'fixturesDir' | 'faults' | 'dialects' | 'links' | 'uploads' | 'modelList' | 'clock'
>;

/**
 * Whether the demo gateway may be used: 'lazy' starts it when first chosen (the desktop app offers it on first
 * run), 'eager' starts it with the host (web mode's --demo), 'off' refuses session.useDemo.
 */
export type DemoPolicy = 'lazy' | 'eager' | 'off';

export class DemoGateway {
  readonly policy: DemoPolicy;
  readonly #dataDir: string;
  readonly #options: DemoSimulatorOptions;
  readonly #log: ((message: string) => void) | undefined;
  #start: Promise<RunningSimulator> | null = null;
  #running: RunningSimulator | null = null;

  constructor(
    dataDir: string,
    policy: DemoPolicy,
    options: DemoSimulatorOptions = {},
    log?: (message: string) => void,
  ) {
    this.#dataDir = dataDir;
    this.policy = policy;
    this.#options = options;
    this.#log = log;
  }

  get available(): boolean {
    return this.policy !== 'off';
  }

  /** Before the user's choice of the demo is saved: a clear refusal where there is none. */
  assertAvailable(): void {
    if (!this.available) {
      throw localError(
        'demo_unavailable',
        'The demo gateway is not available here: start web mode with --demo.',
      );
    }
  }

  /**
   * The running demo gateway, started on the first call; concurrent callers share one start. `dialects` are the
   * real gateway's ways it speaks beyond the spec (Settings › Demo gateway), applied at once to a running one.
   */
  async start(dialects?: readonly Dialect[]): Promise<RunningSimulator> {
    this.#start ??= startSimulator({
      // The real gateway takes picture uploads (its public clients use them), and V2 and I6 need them for a
      // dropped picture: the demo offers them too unless told otherwise.
      uploads: true,
      stateFile: join(this.#dataDir, DEMO_STATE_FILE),
      ...(this.#log && { log: this.#log }),
      ...this.#options,
    });
    this.#running = await this.#start;
    if (dialects) this.#running.dialects.set([...(this.#options.dialects ?? []), ...dialects]);
    return this.#running;
  }

  /** The demo gateway if it has started; null before. */
  get running(): RunningSimulator | null {
    return this.#running;
  }

  async close(): Promise<void> {
    await this.#running?.close();
  }
}
