// usage.*: the gateway's usage report over any range (the core's reader splits and merges), as a view; read
// tells each window as it is answered, so a long range shows its progress and can be stopped.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { UsageStep } from '../../../shared/bridge/account-schemas';
import { toUsageQueryInput, toUsageResult } from '../account-view';
import { toErrorInfo } from '../../../shared/bridge/errors';
import { scrubError } from '../scrub-secrets';
import { studioSecrets, type HostDeps } from './host-deps';

export function usageHandlers(deps: HostDeps): BridgeHandlers['usage'] {
  const { usage } = deps;
  return {
    query: async (query) => toUsageResult(await usage.read(toUsageQueryInput(query))),
    read: async function* (query, signal) {
      const steps: UsageStep[] = [];
      let wake = (): void => undefined;
      const push = (step: UsageStep): void => {
        steps.push(step);
        wake();
      };
      // Stopped by the subscriber going away (signal) or by the stream being closed early (finally below); one
      // listener for the whole read, as one per wait would pile up past Node's listener warning.
      const stop = new AbortController();
      const onAbort = (): void => (stop.abort(signal.reason), wake());
      signal.addEventListener('abort', onAbort, { once: true });
      const reading = usage
        .read(toUsageQueryInput(query), {
          signal: stop.signal,
          onWindow: (done, total) => push({ kind: 'progress', done, total }),
        })
        .then(
          (result) => push({ kind: 'result', result: toUsageResult(result) }),
          // Said as a step, scrubbed as every bridge error is (a stream's values pass no scrubber on their own).
          (error: unknown) =>
            push({ kind: 'failed', error: toErrorInfo(scrubError(error, studioSecrets(deps))) }),
        );
      try {
        for (;;) {
          const step = steps.shift();
          if (step) {
            yield step;
            if (step.kind !== 'progress') break;
            continue;
          }
          if (stop.signal.aborted) break;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        stop.abort();
        await reading;
      }
    },
  };
}
