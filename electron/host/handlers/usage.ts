// usage.*: the gateway's usage report over any range (the core's reader splits and merges), as a view; read
// tells each window as it is answered, so a long range shows its progress and can be stopped.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { UsageStep } from '../../../shared/bridge/account-schemas';
import { toUsageQueryInput, toUsageResult } from '../account-view';
import { toErrorInfo } from '../../../shared/bridge/errors';
import { eventStream } from '../event-stream';
import { scrubError } from '../scrub-secrets';
import { studioSecrets, type HostDeps } from './host-deps';

export function usageHandlers(deps: HostDeps): BridgeHandlers['usage'] {
  const { usage } = deps;
  return {
    query: async (query) => toUsageResult(await usage.read(toUsageQueryInput(query))),
    read: async function* (query, signal) {
      // Stopped by the subscriber going away (signal) or by the stream being closed early (finally below).
      const stop = new AbortController();
      const onAbort = (): void => stop.abort(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      let reading: Promise<void> = Promise.resolve();
      const steps = eventStream<UsageStep>((tell) => {
        reading = usage
          .read(toUsageQueryInput(query), {
            signal: stop.signal,
            onWindow: (done, total) => tell({ kind: 'progress', done, total }),
          })
          .then(
            (result) => tell({ kind: 'result', result: toUsageResult(result) }),
            // Said as a step, scrubbed as every bridge error is (a stream's values pass no scrubber on their own).
            (error: unknown) =>
              tell({ kind: 'failed', error: toErrorInfo(scrubError(error, studioSecrets(deps))) }),
          );
        return () => stop.abort();
      }, stop.signal);
      try {
        for await (const step of steps) {
          yield step;
          if (step.kind !== 'progress') break;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        stop.abort();
        await reading;
      }
    },
  };
}
