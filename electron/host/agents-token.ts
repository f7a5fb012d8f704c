// The loopback endpoint's bearer token, kept like the app's other secrets: a SecretStore (the OS keychain through
// safeStorage in the desktop app, a file readable by the user alone in web mode, memory otherwise), with the time
// it was made. It is made anew when the person rotates it (Settings › Agents) or when `gateway-studio mcp
// --rotate-token` voided the one made before (agents.json's rotateAfter, asked at every request): every request
// is checked against the token of the moment, so an agent holding the old one gets no further answer.
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { SecretRecord } from '../core/settings/secret-record';
import type { SecretStore, Warn } from '../core/settings/settings-store';
import { agentTokenSchema, newAgentToken } from './agents-file';

const keptSchema = z.object({ token: agentTokenSchema, madeAt: z.number() });
type Kept = z.infer<typeof keptSchema>;

export class AgentToken {
  readonly #record: SecretRecord<Kept>;
  readonly #clock: Clock;
  readonly #warn: Warn;
  #kept: Kept | null = null;

  constructor(store: SecretStore, clock: Clock, warn: Warn) {
    this.#record = new SecretRecord(store, keptSchema, 'agents endpoint token', warn);
    this.#clock = clock;
    this.#warn = warn;
  }

  /** The kept token, or `legacy` (one an older version wrote in agents.json), or a new one. */
  async load(legacy: string | undefined): Promise<void> {
    const kept = await this.#record.get();
    if (kept) {
      this.#kept = kept;
      return;
    }
    this.#kept = { token: legacy ?? newAgentToken(), madeAt: this.#clock.now() };
    await this.#record.set(this.#kept);
  }

  /** The token of the moment: a new one when the one kept was made before `voidedAt`. */
  current(voidedAt: number): string {
    if (!this.#kept || this.#kept.madeAt <= voidedAt) {
      this.#kept = { token: newAgentToken(), madeAt: Math.max(this.#clock.now(), voidedAt + 1) };
      const kept = this.#kept;
      this.#record.set(kept).catch((thrown: unknown) => {
        this.#warn(`agents: the new endpoint token could not be kept: ${String(thrown)}`);
      });
    }
    return this.#kept.token;
  }

  /** A new token now; the old one is refused from the next request on. */
  async rotate(): Promise<string> {
    this.#kept = { token: newAgentToken(), madeAt: this.#clock.now() };
    await this.#record.set(this.#kept);
    return this.#kept.token;
  }
}
