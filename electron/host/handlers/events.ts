// events: the core's events as a stream for one subscriber, library items mapped to bridge views. A slow
// subscriber loses download-progress ticks first, never a task or library change.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { BridgeEvent } from '../../../shared/bridge/record-schemas';
import type { StudioEvent } from '../../../shared/studio/records';
import { eventStream } from '../event-stream';
import type { HostDeps, ItemView } from './host-deps';

export function eventsHandler(
  { core, sync, runner, storyboard, jobs }: HostDeps,
  item: ItemView,
): BridgeHandlers['events'] {
  return (signal) =>
    eventStream<BridgeEvent>(
      (listener) => {
        const offCore = core.subscribe((event: StudioEvent) =>
          listener(event.type === 'library' ? { ...event, item: item(event.item) } : event),
        );
        // Sync's status, its secrets already scrubbed (studio-sync.ts).
        const offSync = sync.subscribe(listener);
        // Every change of a recipe run, as it is kept: the renderer re-reads the runs instead of asking each second.
        const offRuns = runner.subscribe(() => listener({ type: 'recipe' }));
        // The same for storyboard runs: the page re-reads the board's runs, shot by shot.
        const offBoards = storyboard.runner.subscribe((run) =>
          listener({ type: 'storyboard', runId: run.id }),
        );
        // Every durable job's change of state (the queue's items, recipe runs, each kind on the mechanism).
        const offJobs = jobs.subscribe(({ id, kind, key, state, attempts, nextTryAt, error }) =>
          listener({ type: 'job', job: { id, kind, key, state, attempts, nextTryAt, error } }),
        );
        return () => (offCore(), offSync(), offRuns(), offBoards(), offJobs());
      },
      signal,
      // Progress ticks (of downloads, of a sync round) may be lost; a round's outcome never is.
      { droppable: (e) => e.type === 'download' || (e.type === 'sync' && e.status.state === 'running') },
    );
}
