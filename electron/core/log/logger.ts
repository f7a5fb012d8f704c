// The core's logger port. The core never writes to the console (lint forbids it): whoever composes it (the host,
// the CLI) hands in a Logger, so a failure the core cannot answer itself is told to someone with its context,
// never swallowed. The default keeps nothing, for tests and tools that do not care.

/** What a line is about: task ids, paths of bridge calls, file ordinals. Never a key (callers redact first). */
export type LogContext = Readonly<Record<string, string | number | boolean | null>>;

export interface Logger {
  /** Something failed and was recovered from (a listener threw, a retry was scheduled). */
  warn(message: string, context?: LogContext): void;
  /** Something failed that a person should look into (a bug in the core). */
  error(message: string, context?: LogContext): void;
}

export const silentLogger: Logger = {
  warn: () => undefined,
  error: () => undefined,
};

/** The text of anything thrown, for a log line (a stack is not needed to know what failed where). */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
  return String(thrown);
}

/** One line: the message, then the context as key=value pairs. */
export function formatLogLine(message: string, context: LogContext = {}): string {
  const pairs = Object.entries(context).map(([k, v]) => `${k}=${String(v)}`);
  return pairs.length ? `${message} (${pairs.join(' ')})` : message;
}

/** A Logger over one text sink (the host's and the CLI's console.warn, a test's array). */
export function lineLogger(write: (line: string) => void): Logger {
  return {
    warn: (message, context) => write(formatLogLine(message, context)),
    error: (message, context) => write(formatLogLine(`error: ${message}`, context)),
  };
}
