// Every durable job's change of state reaches the renderer on the one event stream, as a `job` event that the
// bridge's own schema accepts: its kind, key, state, tries and next try, whichever kind it is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { JobRunner } from '../../electron/core/jobs';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { eventsHandler } from '../../electron/host/handlers/events';
import type { HostDeps } from '../../electron/host/handlers/host-deps';
import { studioEventSchema, type BridgeEvent } from '../../shared/bridge/record-schemas';

const dir = mkdtempSync(join(tmpdir(), 'job-events-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('forwards each change of any job as a job event the bridge accepts', async () => {
  const db = openStudioDatabase(join(dir, 'studio.sqlite'));
  const clock = new ManualClock(Date.UTC(2026, 10, 29, 9));
  const jobs = new JobRunner({ db, clock });
  const silent = { subscribe: () => () => undefined };
  // The handler reads these: the core's events, sync's, the recipe and storyboard runs' and the jobs'.
  const deps = {
    core: silent,
    sync: silent,
    runner: silent,
    storyboard: { runner: silent },
    jobs,
  } as unknown as HostDeps;
  const abort = new AbortController();
  const stream = eventsHandler(deps, (item) => item as never)(abort.signal);
  const seen: BridgeEvent[] = [];
  const reading = (async () => {
    for await (const event of stream) seen.push(event);
  })();
  await Promise.resolve();
  jobs.register({ kind: 'queue-item', parse: () => null, run: async () => undefined });
  jobs.add('queue-item', 'q-1', null);
  jobs.start();
  await clock.advance(10);
  await jobs.settled();
  await clock.advance(10);
  abort.abort();
  await reading;
  const changes = seen.map((event) => studioEventSchema.parse(event));
  expect(changes.map((e) => (e.type === 'job' ? [e.job.kind, e.job.key, e.job.state] : e.type))).toEqual([
    ['queue-item', 'q-1', 'waiting'],
    ['queue-item', 'q-1', 'running'],
    ['queue-item', 'q-1', 'done'],
  ]);
  await jobs.close();
  db.close();
});
