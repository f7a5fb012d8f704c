// The agents connected to this process and what they did. A session opens when an MCP client initializes and
// ends when its transport closes; every tool call is one line of activity, and every task a paid call wrote is
// counted at the estimate the spending guard gave it until the gateway says what it charged (the resolver,
// asked whenever a session is read), so the cap holds against what was really spent. The switch (enabled) is
// asked at every call, so turning agents off stops the next call of a session already open, not only new ones.
import { randomUUID } from 'node:crypto';
import type { MoneyUnit } from '../../../shared/studio/spending';
import {
  AGENT_ACTIVITY_KEPT,
  AGENT_SESSIONS_KEPT,
  type AgentActivity,
  type AgentSessionView,
  type AgentTransport,
} from '../../../shared/studio/agents';
import { withoutControlCharacters } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { describeThrown, silentLogger, type Logger } from '../log';

/** Longest client name or version kept: they come from the client unchecked. */
const NAME_LIMIT = 80;

function bounded(text: string): string {
  const clean = withoutControlCharacters(text).trim();
  return clean.length > NAME_LIMIT ? `${clean.slice(0, NAME_LIMIT - 1)}…` : clean;
}

interface SessionState {
  view: AgentSessionView;
  /**
   * What each counted id (a task, a recipe's step, a speech take) was estimated at, so a retried call answered
   * with the same task is not counted twice and the estimate gives way to the charge once it is known.
   */
  counted: Map<string, number | null>;
}

/** What the gateway charged for a counted id, in the session's unit; null while it is not known. */
export type ActualCharge = (countedId: string, unit: MoneyUnit) => number | null;

export interface AgentSessionsOptions {
  clock?: Clock;
  /** Asked at every call: agents may act only while it says yes (the app's switch; the CLI's is always on). */
  enabled?: () => boolean;
  logger?: Logger;
  /** What a counted id really cost, once known (the task's final cost); estimates stand in until then. */
  actual?: ActualCharge;
  /** Told every session's view whenever one changes (the shared record other processes read). */
  onChange?: (sessions: readonly AgentSessionView[]) => void;
}

export class AgentSessions {
  readonly #clock: Clock;
  readonly #enabled: () => boolean;
  readonly #logger: Logger;
  readonly #sessions = new Map<string, SessionState>();
  readonly #listeners = new Set<() => void>();
  #actual: ActualCharge;

  constructor(options: AgentSessionsOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#enabled = options.enabled ?? (() => true);
    this.#logger = options.logger ?? silentLogger;
    this.#actual = options.actual ?? (() => null);
    if (options.onChange) {
      const tell = options.onChange;
      this.#listeners.add(() => tell(this.list()));
    }
  }

  /** Where charges are read from now (the app's core can change with the library folder). */
  chargesFrom(actual: ActualCharge): void {
    this.#actual = actual;
  }

  get enabled(): boolean {
    return this.#enabled();
  }

  open(input: {
    client: string;
    clientVersion: string;
    transport: AgentTransport;
    unit: MoneyUnit;
    cap: number | null;
  }): string {
    const id = randomUUID();
    this.#sessions.set(id, {
      counted: new Map(),
      view: {
        id,
        client: bounded(input.client) || 'unnamed client',
        clientVersion: bounded(input.clientVersion),
        transport: input.transport,
        connectedAt: this.#clock.now(),
        endedAt: null,
        unit: input.unit,
        spent: 0,
        unpriced: 0,
        cap: input.cap,
        activity: [],
      },
    });
    this.#trim();
    this.#changed();
    return id;
  }

  /** The client said who it is after the transport opened (initialize comes with the first message). */
  name(id: string, client: string, clientVersion: string): void {
    const state = this.#sessions.get(id);
    if (!state) return;
    state.view.client = bounded(client) || state.view.client;
    state.view.clientVersion = bounded(clientVersion);
    this.#changed();
  }

  end(id: string): void {
    const state = this.#sessions.get(id);
    if (!state || state.view.endedAt !== null) return;
    state.view.endedAt = this.#clock.now();
    this.#changed();
  }

  get(id: string): AgentSessionView | null {
    const state = this.#sessions.get(id);
    return state ? this.#viewOf(state) : null;
  }

  /** Newest first: open sessions, then the ones that ended. */
  list(): AgentSessionView[] {
    return [...this.#sessions.values()]
      .map((s) => this.#viewOf(s))
      .sort(
        (a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null) || b.connectedAt - a.connectedAt,
      );
  }

  record(id: string, activity: Omit<AgentActivity, 'at'>): void {
    const state = this.#sessions.get(id);
    if (!state) return;
    state.view.activity.unshift({ ...activity, at: this.#clock.now() });
    state.view.activity.length = Math.min(state.view.activity.length, AGENT_ACTIVITY_KEPT);
    this.#changed();
  }

  /** A task this session's call wrote, at the guard's estimate (null: nothing could estimate it). */
  count(id: string, taskId: string, estimate: number | null): void {
    const state = this.#sessions.get(id);
    if (!state || state.counted.has(taskId)) return;
    state.counted.set(taskId, estimate);
    this.#changed();
  }

  /** Whether this session already counted the task (a retried call's answer). */
  counted(id: string, taskId: string): boolean {
    return this.#sessions.get(id)?.counted.has(taskId) ?? false;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The view with what was spent as it stands: the charge where the gateway said it, else the estimate. */
  #viewOf(state: SessionState): AgentSessionView {
    const view = structuredClone(state.view);
    let spent = 0;
    let unpriced = 0;
    for (const [countedId, estimate] of state.counted) {
      let charged: number | null = null;
      try {
        charged = this.#actual(countedId, view.unit);
      } catch (thrown) {
        // A charge that cannot be read now (a core closing) leaves the estimate standing.
        this.#logger.warn(`an agent's charge could not be read: ${describeThrown(thrown)}`);
      }
      const amount = charged ?? estimate;
      if (amount === null) unpriced += 1;
      else spent += amount;
    }
    view.spent = spent;
    view.unpriced = unpriced;
    return view;
  }

  #trim(): void {
    const ended = [...this.#sessions.values()]
      .filter((s) => s.view.endedAt !== null)
      .sort((a, b) => (b.view.endedAt ?? 0) - (a.view.endedAt ?? 0));
    for (const old of ended.slice(AGENT_SESSIONS_KEPT)) this.#sessions.delete(old.view.id);
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (thrown) {
        // A listener's failure is its own (the panel's event sink); the session's account goes on.
        this.#logger.warn(`an agents listener failed: ${describeThrown(thrown)}`);
      }
    }
  }
}
