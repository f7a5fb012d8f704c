// Every wait in the core goes through the injected clock (electron/core/clock.ts): that is how the tests step
// through hours of polling, backoff and retries in milliseconds, and how a shutdown cancels every timer. A real
// setTimeout anywhere else in the core (sync's retries once waited with one) is a wait no test can step and no
// teardown can see. Read from the source; the check is also run on a planted breach so it cannot go blind.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = join(import.meta.dirname, '..', '..', 'electron', 'core');
/** The clock is where real timers live. */
const CLOCK = 'clock.ts';

interface Source {
  path: string;
  text: string;
}

function coreSources(): Source[] {
  return readdirSync(coreDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ path: f.split('\\').join('/'), text: readFileSync(join(coreDir, f), 'utf8') }));
}

/**
 * Global timers called outside the clock, and the promise timers imported. A method of the same name on an
 * object (a socket's idle timeout, `socket.setTimeout`) is not a timer of ours and is not matched.
 */
function timersOutsideClock(sources: readonly Source[]): string[] {
  const found: string[] = [];
  for (const { path, text } of sources) {
    if (path === CLOCK) continue;
    text.split('\n').forEach((line, index) => {
      if (/(?<![.\w])(setTimeout|setInterval)\s*\(/.test(line) || /from 'node:timers/.test(line))
        found.push(`${path}:${index + 1}`);
    });
  }
  return found;
}

describe('waits in the core', () => {
  it('go through the injected clock: no real timer outside clock.ts', () => {
    const sources = coreSources();
    expect(sources.some((s) => s.path === CLOCK)).toBe(true);
    expect(timersOutsideClock(sources)).toEqual([]);
  });

  it('a planted timer is seen, a socket idle timeout is not', () => {
    const planted = [
      { path: 'sync/planted.ts', text: 'const t = setTimeout(done, ms);' },
      { path: 'jobs/planted.ts', text: "import { setTimeout as sleep } from 'node:timers/promises';" },
      { path: 'downloads/fine.ts', text: 'socket.setTimeout(idleMs, () => socket.destroy());' },
    ];
    expect(timersOutsideClock(planted).sort()).toEqual(['jobs/planted.ts:1', 'sync/planted.ts:1']);
  });
});
