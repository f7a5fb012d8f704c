// The queue's pause keeps the facts the limits stopped it with (migration tasks-011-queue-paused-for), beside
// their English sentence, so each screen words them in its own language. A pause kept by a build before that has
// only its sentence: it opens as it was, with no facts, and is shown as it is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/database';
import { openStudioDatabase, studioMigrations } from '../../../electron/core/studio-database';
import { QueueStore } from '../../../electron/core/tasks/queue-store';
import type { SpendStop } from '../../../shared/studio/spending';

const sentence = 'Not sent: your daily budget is 2.00 USD and 2.00 USD has been spent today.';
const stop: SpendStop = {
  kind: 'budget',
  check: {
    unit: 'usd',
    timeZone: 'Pacific/Auckland',
    estimate: 0.35,
    unknown: 0,
    unpricedModels: [],
    confirmAbove: null,
    needsConfirmation: false,
    refusal: {
      window: {
        period: 'day',
        start: 0,
        resetsAt: 86_400_000,
        charged: 2,
        estimated: 0,
        spent: 2,
        unpriced: 0,
        limit: 2,
      },
      needed: 0.35,
      unpriced: null,
    },
  },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'queue-paused-for-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the queue paused by the limits', () => {
  it('keeps the facts with the sentence, and forgets both when it runs again', () => {
    const db = openStudioDatabase(join(dir, 'studio.db'));
    const store = new QueueStore(db);
    store.setSettings({ paused: true, pausedReason: sentence, pausedFor: stop });
    expect(new QueueStore(db).settings()).toMatchObject({
      paused: true,
      pausedReason: sentence,
      pausedFor: stop,
    });
    store.setSettings({ paused: false, pausedReason: null, pausedFor: null });
    expect(store.settings()).toMatchObject({ paused: false, pausedReason: null, pausedFor: null });
    db.close();
  });

  it('a pause kept before there were facts opens with its English sentence and no facts', () => {
    const path = join(dir, 'studio.db');
    const before = studioMigrations(join(dir, 'references')).filter(
      (m) => m.id !== 'tasks-011-queue-paused-for',
    );
    const old = openDatabase(path, before);
    old.prepare('UPDATE queue_state SET paused = 1, paused_reason = ? WHERE id = 1').run(sentence);
    old.close();
    const db = openStudioDatabase(path);
    expect(new QueueStore(db).settings()).toMatchObject({
      paused: true,
      pausedReason: sentence,
      pausedFor: null,
    });
    db.close();
  });
});
