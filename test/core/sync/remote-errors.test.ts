// The one reading of a remote's failure that S3, WebDAV and the folder share: a status the server answered
// wins (a 504 "Gateway Timeout" is an answer, not an unreachable server), then the network's own failure, then
// the thrown text as a passing problem.
import { describe, expect, it } from 'vitest';
import { otherProblem, remoteProblem } from '../../../electron/core/sync/remote-errors';

const label = 'The WebDAV server at dav.example';

describe('remoteProblem', () => {
  it('reads an answered status first, even when its text says timeout', () => {
    const problem = remoteProblem(new Error('504 Gateway Timeout'), label, false, 504);
    expect(problem).toMatchObject({ kind: 'other', transient: true });
    expect(problem.message).toBe(`${label} had a server error (504). Sync will try again.`);
    expect(remoteProblem(new Error('Forbidden'), label, true, 403).kind).toBe('no-write-permission');
  });

  it('reads the network when no status came, and the thrown text when nothing else names it', () => {
    const reset = Object.assign(new Error('socket'), { code: 'ECONNRESET' });
    expect(remoteProblem(reset, label, false, null)).toMatchObject({ kind: 'unreachable', transient: true });
    const odd = remoteProblem(new Error('the parser choked'), label, false, null);
    expect(odd).toMatchObject({ kind: 'other', transient: true });
    expect(odd.message).toBe(`${label} failed: the parser choked`);
    expect(otherProblem('a string thrown', label).message).toBe(`${label} failed: a string thrown`);
  });
});
