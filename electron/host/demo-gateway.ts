// The in-process demo gateway (the simulator) as the session uses it: started once, on first need, with its
// memory kept beside the database, and closed with the host.
import { join } from 'node:path';
import { localError } from '../../shared/bridge/errors';
import type { DemoDialect } from '../../shared/studio/demo-dialects';
import { DIALECTS, startSimulator } from '../simulator';
import type { Dialect, LinkOptions, ModelListMode, RunningSimulator, SimulatorOptions } from '../simulator';

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
  async start(dialects?: readonly DemoDialect[]): Promise<RunningSimulator> {
    this.#start ??= startSimulator({
      // The real gateway takes picture uploads (its public clients use them), and V2 and I6 need them for a
      // dropped picture: the demo offers them too unless told otherwise.
      uploads: true,
      stateFile: join(this.#dataDir, DEMO_STATE_FILE),
      ...(this.#log && { log: this.#log }),
      ...this.#options,
    });
    this.#running = await this.#start;
    if (dialects) this.#apply(this.#running, dialects);
    return this.#running;
  }

  /**
   * The chosen dialects and switches over the options the demo was built with (a test's or web mode's): a switch
   * turned off falls back to those options, not to the spec, so Settings never undoes what the command line set.
   */
  #apply(sim: RunningSimulator, chosen: readonly DemoDialect[]): void {
    const on = new Set<DemoDialect>(chosen);
    const spoken = chosen.filter((d): d is Dialect => (DIALECTS as readonly string[]).includes(d));
    sim.dialects.set([...(this.#options.dialects ?? []), ...spoken]);
    const base = this.#options.links ?? {};
    const links: LinkOptions = {
      host: on.has('links-separate-host') ? 'separate' : (base.host ?? 'same'),
      expiry: on.has('links-varied-expiry')
        ? 'varied'
        : on.has('links-missing-expiry')
          ? 'missing'
          : (base.expiry ?? 'spec'),
      // Long enough for a person to see the app wait for a fresh link instead of calling it missing.
      propagationMs: on.has('links-propagation') ? 8_000 : (base.propagationMs ?? 0),
    };
    sim.links.set(links);
    // The demo offers uploads unless its options say not (start above); the switch takes them away.
    sim.uploads.set({ offered: !on.has('no-uploads') && (this.#options.uploads ?? true) });
    const listed: ModelListMode = on.has('models-listed')
      ? 'full'
      : on.has('models-without-schemas')
        ? 'missing-schemas'
        : on.has('models-schema-pages')
          ? 'schema-endpoint'
          : (this.#options.modelList ?? 'off');
    sim.modelList.set(listed);
  }

  /** The demo gateway if it has started; null before. */
  get running(): RunningSimulator | null {
    return this.#running;
  }

  async close(): Promise<void> {
    await this.#running?.close();
  }
}
