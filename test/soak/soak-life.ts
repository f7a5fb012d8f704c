// One life of the app's engine in a soak child: the shared database, a library and a gateway client with the
// soak's short timeouts, and an engine paced and retried as both soaks want it. The children differ only in what
// they do with it (submit a plan and measure memory, or queue the plan and let the queue send it).
import { openStudioDatabase } from '../../electron/core/studio-database';
import { GatewayClient } from '../../electron/core/gateway/gateway-client';
import { Library } from '../../electron/core/library/library';
import { TaskEngine } from '../../electron/core/tasks/task-engine';

export interface SoakLifeConfig {
  dbPath: string;
  libraryDir: string;
  baseUrl: string;
  apiKey: string;
}

/** Prints one JSON line for the parent, which reads the child's stdout line by line. */
export const say = (message: Record<string, unknown>): void =>
  void process.stdout.write(`${JSON.stringify(message)}\n`);

export function soakLife(
  config: SoakLifeConfig,
  options: { runQueue?: boolean; reconcileAfterMs: number; requestsPerSecond?: number },
): { db: ReturnType<typeof openStudioDatabase>; engine: TaskEngine; library: Library } {
  const db = openStudioDatabase(config.dbPath);
  const library = new Library({ db, dir: config.libraryDir });
  const gateway = new GatewayClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: 3_000 });
  const engine = new TaskEngine({
    db,
    gateway,
    ...(options.runQueue ? { runQueue: true } : {}),
    requestTimeoutMs: 3_000,
    budget: { requests: options.requestsPerSecond ?? 40, perMs: 1_000 },
    polling: { maxRetryAfterMs: 5_000, maxGapMs: 2_000, errorBackoffMs: 200 },
    reconcileAfterMs: options.reconcileAfterMs,
    downloads: {
      libraryDir: config.libraryDir,
      sink: library,
      maxAttempts: 12,
      backoffMs: 100,
      idleTimeoutMs: 3_000,
    },
  });
  return { db, engine, library };
}
