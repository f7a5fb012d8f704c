// Which half-written files a start may sweep when several processes share one library.
import { describe, expect, it } from 'vitest';
import { PART_LEASE_MS, partIsStale, partName, partOwner } from '../../../electron/core/downloads/part-files';

const now = Date.UTC(2026, 10, 22, 12);
const alive = (pid: number) => pid === 4242;

describe('.part files', () => {
  it('are named with the writing process id', () => {
    expect(partName('task-1-0', 4242)).toBe('task-1-0.4242.part');
    expect(partOwner('task-1-0.4242.part')).toBe(4242);
    expect(partOwner('task-1-0.part')).toBeNull();
  });

  it("keep a live neighbour's file, sweep a dead writer's, an unowned one and one past its lease", () => {
    expect(partIsStale('a-0.4242.part', now - 1_000, now, alive)).toBe(false);
    expect(partIsStale('a-0.777.part', now - 1_000, now, alive)).toBe(true);
    expect(partIsStale('a-0.part', now - 1_000, now, alive)).toBe(true);
    expect(partIsStale('a-0.4242.part', now - PART_LEASE_MS - 1, now, alive)).toBe(true);
    expect(partIsStale(`a-0.${process.pid}.part`, now - 1_000, now, () => false)).toBe(false);
    expect(partIsStale('a-0.png', now - PART_LEASE_MS * 2, now, alive)).toBe(false);
  });
});
