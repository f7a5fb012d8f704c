// What the CLI says while it waits on the gateway: every failed attempt becomes one progress line naming what
// it waits for and why ("checking the task: the gateway answered 502 (3 times in a row); asking again"), so a
// wait is never silent. Built from the client's per-attempt events, which carry no header, body or key.
import type { GatewayCallEvent } from '../core/gateway';

/** What a request was for, in the words of a person watching the terminal. */
function purposeOf(event: GatewayCallEvent): string {
  const { method, path } = event;
  if (/^\/v1\/(music\/)?tasks\//.test(path)) return 'checking the task';
  if (path.endsWith('/audio/speech')) return 'speaking';
  if (path.endsWith('/balance')) return 'reading the balance';
  if (path.endsWith('/usage')) return 'reading usage';
  return method === 'POST' ? 'submitting' : `asking ${path}`;
}

function reasonOf(event: GatewayCallEvent): string {
  const { status, errorType } = event;
  // A 2xx whose body could not be read: what was wrong with it, never "the gateway answered 200".
  if (errorType === 'invalid_response' && event.message)
    return event.message.replace(/\s+/g, ' ').slice(0, 240);
  if (status === 429) return "the gateway's rate limit (HTTP 429)";
  if (status !== null) return `the gateway answered ${status}`;
  if (errorType === 'timeout') return 'no answer in time';
  if (errorType === 'network_error') return 'the gateway could not be reached';
  return event.message ?? errorType ?? 'no answer';
}

const seconds = (ms: number): string => (ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`);

export class GatewayProgress {
  /** Consecutive failures per purpose and reason, so a run of 502s is counted, not repeated. */
  private readonly streaks = new Map<string, { reason: string; count: number }>();

  /**
   * `say` is for progress (silent under --json); `warn` for an answer that could not be read, which is said even
   * under --json (on stderr), so a wait on a gateway whose every answer is unreadable is never silent.
   */
  constructor(
    private readonly say: (text: string) => void,
    private readonly warn: (text: string) => void = say,
  ) {}

  readonly onCall = (event: GatewayCallEvent): void => {
    // Cancelled by this process (Ctrl-C, a wait that ended): nothing the gateway did, and nothing will follow.
    if (event.errorType === 'aborted') return;
    const purpose = purposeOf(event);
    if (event.errorType === null) {
      this.streaks.delete(purpose);
      return;
    }
    const reason = reasonOf(event);
    const streak = this.streaks.get(purpose);
    const count = streak?.reason === reason ? streak.count + 1 : 1;
    this.streaks.set(purpose, { reason, count });
    const times = count > 1 ? ` (${count} times in a row)` : '';
    const next =
      event.retryInMs !== null
        ? `; trying again in ${seconds(event.retryInMs)}`
        : purpose === 'checking the task'
          ? '; asking again shortly'
          : '';
    const line = `${purpose}: ${reason}${times}${next}`;
    if (event.errorType === 'invalid_response') this.warn(line);
    else this.say(line);
  };
}
