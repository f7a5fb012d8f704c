// Last line of defence for "the key never leaves the main process": any error leaving a handler has every
// occurrence of a secret replaced, whatever part of the stack produced the text.
import { BridgeError } from '../../shared/bridge/errors';
import { toErrorInfo } from '../../shared/bridge/errors';

const MASK = '[redacted]';

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(MASK);
  return out;
}

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

/** Wraps every async method of a handler namespace so its failures are scrubbed. */
export function scrubbed<T extends Record<string, AnyFn>>(namespace: T, secrets: () => readonly string[]): T {
  const wrapped: Record<string, AnyFn> = {};
  for (const [name, fn] of Object.entries(namespace)) {
    wrapped[name] = (async (...args: never[]) => {
      try {
        return await fn(...args);
      } catch (error) {
        throw scrubError(error, secrets());
      }
    }) as AnyFn;
  }
  return wrapped as T;
}
