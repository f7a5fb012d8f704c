// The app's side of the agents: one account of their sessions (core/agents), the switch asked at every call, and
// the loopback MCP endpoint (electron/mcp/http-endpoint.ts) started and stopped as Settings › Agents says. Each
// session drives the core in use when it connects, through the same spending guard and price book as the app.
import { AgentSessions, readSessionRecords } from '../core/agents';
import type { Studio } from '../core/compose-studio';
import { lineLogger } from '../core/log';
import { startMcpHttp, type McpHttpEndpoint } from '../mcp/http-endpoint';
import type { McpStudio } from '../mcp/studio-port';
import { MCP_TOOLSET_VERSION } from '../mcp/studio-server';
import type { AgentsPatch, AgentsView } from '../../shared/bridge/agent-schemas';
import type { CoreLifecycle } from './core-lifecycle';
import type { StudioSession } from './studio-session';
import { readAgentsFile, rotateAfterOf, withSettings, writeAgentsFile, type AgentsFile } from './agents-file';
import { AgentToken } from './agents-token';
import { agentsStudio } from './agents-studio';
import { MemorySecretStore } from '../core/settings/memory-secret-store';
import type { SecretStore } from '../core/settings/settings-store';

/** The sessions the panel is sent at most (the bridge's bound): open ones first, then the latest ended. */
const MAX_SESSIONS_SHOWN = 100;

export interface AgentsHostOptions {
  dataDir: string;
  /** The composition root's services: price book, spending limits, stores, recipe runner, usage reader. */
  studio: Studio;
  core: CoreLifecycle;
  session: StudioSession;
  secrets: () => string[];
  log: (message: string) => void;
  /** Where the endpoint's token is kept, like the key (in memory for this run when absent). */
  tokenStore?: SecretStore;
}

export class AgentsHost {
  readonly sessions: AgentSessions;
  readonly #options: AgentsHostOptions;
  #file: AgentsFile | null = null;
  #endpoint: McpHttpEndpoint | null = null;
  #error: string | null = null;
  readonly #token: AgentToken;

  constructor(options: AgentsHostOptions) {
    this.#options = options;
    this.#token = new AgentToken(
      options.tokenStore ?? new MemorySecretStore(),
      options.studio.clock,
      options.log,
    );
    this.sessions = new AgentSessions({
      clock: options.studio.clock,
      enabled: () => this.#file?.settings.enabled ?? false,
      logger: lineLogger(options.log),
    });
  }

  /** Reads the file and starts the endpoint if it is on. */
  async start(): Promise<void> {
    const file = await readAgentsFile(this.#options.dataDir);
    await this.#token.load(file.token);
    const { token: legacy, ...kept } = file;
    this.#file = kept;
    // A token an older version kept in agents.json is in the secret store now: out of the plain file.
    if (legacy !== undefined) await writeAgentsFile(this.#options.dataDir, kept);
    await this.#apply();
  }

  view(): AgentsView {
    const file = this.#file;
    if (!file) throw new Error('agents read before start()');
    const endpoint = this.#endpoint;
    return {
      settings: file.settings,
      endpoint: {
        url: endpoint?.url ?? null,
        token: endpoint ? this.#currentToken() : null,
        error: this.#error,
      },
      // This process's agents and those of every stdio server on this folder (the CLI's, started by a client).
      sessions: [
        ...this.sessions.list(),
        ...readSessionRecords(this.#options.dataDir, { exceptPid: process.pid }),
      ]
        .sort(
          (a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null) || b.connectedAt - a.connectedAt,
        )
        .slice(0, MAX_SESSIONS_SHOWN),
    };
  }

  async update(patch: AgentsPatch): Promise<AgentsView> {
    const file = this.#file;
    if (!file) throw new Error('agents changed before start()');
    this.#file = withSettings(file, { ...file.settings, ...patch });
    await writeAgentsFile(this.#options.dataDir, this.#file);
    await this.#apply();
    return this.view();
  }

  /** A new endpoint token: agents connected with the old one get no further answer. */
  async rotateToken(): Promise<AgentsView> {
    await this.#token.rotate();
    return this.view();
  }

  #currentToken(): string {
    return this.#token.current(rotateAfterOf(this.#options.dataDir));
  }

  async close(): Promise<void> {
    await this.#endpoint?.close();
    this.#endpoint = null;
  }

  /** The endpoint listens while it is on and agents are allowed; a new port means a new listener. */
  async #apply(): Promise<void> {
    const settings = this.#file?.settings;
    const wanted = settings?.enabled === true && settings.endpoint;
    const port = settings?.port ?? 0;
    if (this.#endpoint && (!wanted || (port !== 0 && this.#endpoint.port !== port))) await this.close();
    this.#error = null;
    if (!wanted || this.#endpoint || !this.#file) return;
    try {
      this.#endpoint = await startMcpHttp({
        studio: () => this.#studio(),
        token: () => this.#currentToken(),
        port,
        version: MCP_TOOLSET_VERSION,
        log: this.#options.log,
        clock: this.#options.studio.clock,
      });
    } catch (thrown) {
      this.#error = `The agents' endpoint could not listen on 127.0.0.1:${port} (${thrown instanceof Error ? thrown.message : String(thrown)}).`;
      this.#options.log(this.#error);
    }
  }

  #studio(): Promise<McpStudio | null> {
    return agentsStudio(this.#options, this.sessions, () => this.#file?.settings.sessionCap ?? null);
  }
}
