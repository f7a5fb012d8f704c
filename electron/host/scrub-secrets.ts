// Last line of defence for "the key never leaves the main process": any error leaving a handler has every
// occurrence of a secret replaced, whatever part of the stack produced the text.
import { BridgeError } from '../../shared/bridge/errors';
import { toErrorInfo } from '../../shared/bridge/errors';

import { scrubSecretText } from '../../shared/gateway/secret-scrub';
import type { SyncSecrets, SyncStatus, SyncTestResult } from '../../shared/studio/sync';

/** A connection test's finding with the secrets it was tried with masked: a server may echo what it was sent. */
export function scrubFinding(result: SyncTestResult, secrets: SyncSecrets): SyncTestResult {
  const values = [secrets.secret ?? '', secrets.passphrase ?? ''];
  return result.ok ? result : { ...result, message: scrubSecretText(result.message, values) };
}

/** A status with any secret masked in its problem sentence (a server may echo a URL with its password). */
export function scrubStatus(status: SyncStatus, secrets: readonly string[]): SyncStatus {
  return { ...status, problem: status.problem && scrubSecretText(status.problem, secrets) };
}

// The keys in any letter case, and any bearer token or Authorization value a gateway echoed.
const scrub = scrubSecretText;

export function scrubError(error: unknown, secrets: readonly string[]): unknown {
  const info = toErrorInfo(error);
  if (info.type !== 'internal_error') {
    return new BridgeError({
      ...info,
      message: scrub(info.message, secrets),
      param: info.param && scrub(info.param, secrets),
    });
  }
  // Unknown errors never reach the renderer's eyes (the formatter hides them) but they are logged in main.
  if (error instanceof Error) {
    const clean = new Error(scrub(error.message, secrets));
    clean.name = error.name;
    return clean;
  }
  return new Error('non-error thrown');
}

type AnyFn = (...args: never[]) => unknown;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* scrubbedStream(source: AsyncIterable<unknown>, secrets: () => readonly string[]) {
  try {
    yield* source;
  } catch (error) {
    throw scrubError(error, secrets());
  }
}

/** One handler whose failures are scrubbed, whether it answers once (a promise) or streams (a subscription). */
function scrubbedFn(fn: AnyFn, secrets: () => readonly string[]): AnyFn {
  return (...args: never[]) => {
    let out: unknown;
    try {
      out = fn(...args);
    } catch (error) {
      throw scrubError(error, secrets());
    }
    if (out instanceof Promise) {
      return out.catch((error: unknown) => {
        throw scrubError(error, secrets());
      });
    }
    return isAsyncIterable(out) ? scrubbedStream(out, secrets) : out;
  };
}

/**
 * Wraps every handler in a tree of them (namespaces of procedures, and top-level procedures such as the events
 * stream) so its failures are scrubbed. Applied once to the composed handlers: a new namespace cannot forget it.
 */
export function scrubbedHandlers<T extends object>(handlers: T, secrets: () => readonly string[]): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(handlers)) {
    wrapped[name] =
      typeof value === 'function'
        ? scrubbedFn(value as AnyFn, secrets)
        : typeof value === 'object' && value !== null
          ? scrubbedHandlers(value as object, secrets)
          : value;
  }
  return wrapped as T;
}
