// What the MCP server drives: the core's own services, built by whoever starts it (the CLI's composition for
// `gateway-studio mcp`, the app's session for its loopback endpoint). The server holds no rule of its own about
// money, files or the gateway: budgets and the confirmation threshold are the spending guard's (asked by the
// engine in the transaction that writes a task), keys are the engine's, files are the library's.
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import type { AgentAnswers, AgentSessions } from '../core/agents';
import type { GatewayClient } from '../core/gateway';
import type { Library } from '../core/library';
import type { Logger } from '../core/log';
import type { PriceBook } from '../core/pricing';
import type { PresetStore } from '../core/presets';
import type { RecipeRunner, RecipeStore } from '../core/recipes';
import type { SpeechService } from '../core/speech';
import type { SpendingGuard } from '../core/spending';
import type { TaskEngine } from '../core/tasks';
import type { UsageReader } from '../core/usage';

export interface McpStudio {
  engine: TaskEngine;
  library: Library;
  speech: SpeechService;
  /** The account reads (balance, usage); the CLI's client or the app's switchable gateway. */
  gateway: Pick<GatewayClient, 'tokenBalance' | 'userBalance' | 'usage'>;
  /** The price book of the gateway in use: what a request will probably cost. */
  prices: PriceBook;
  /** The person's spending limits (the same table the app's Settings edits). */
  guard: SpendingGuard;
  /** The studio's database. */
  db: DatabaseSync;
  /** The presets and saved recipes the person keeps (the composition root's stores). */
  presets: PresetStore;
  savedRecipes: RecipeStore;
  /** Usage over any range, in 31-day windows (the root's reader, the account reads' limits). */
  usage: UsageReader;
  /** Recipes run through the core's runner, measured against the limits as the app's are. */
  recipes: () => RecipeRunner;
  clock: Clock;
  agents: AgentSessions;
  /** What keyed calls the engine keeps no key for answered with, in the database (the root's store). */
  answers: AgentAnswers;
  /** What one agent session may spend at most, in the limits' unit; null for no cap. */
  sessionCap: () => number | null;
  /** Every secret no result or log line may carry (the API key). */
  secrets: () => readonly string[];
  logger: Logger;
}
