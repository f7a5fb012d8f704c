// Run in a child process by the crash test: starts downloading one file and waits to be killed mid-body.
// Usage: node --import tsx crash-child.ts (or its build: test/support/child-entry.ts) <dbPath> <libraryDir> <url>
import { DownloadManager } from '../../../electron/core/downloads/download-manager';
import { JobRunner } from '../../../electron/core/jobs';
import { RecordingSink, taskDb } from './download-fixtures';

const [dbPath, libraryDir, url] = process.argv.slice(2);
if (!dbPath || !libraryDir || !url) throw new Error('usage: crash-child <dbPath> <libraryDir> <url>');
const t = taskDb(dbPath);
const manager = new DownloadManager({
  jobs: new JobRunner({ db: t.db, clock: t.clock }),
  db: t.db,
  clock: t.clock,
  libraryDir,
  sink: new RecordingSink(),
  getTask: (id) => t.store.get(id)?.record ?? null,
  onFilesChanged: () => undefined,
  emit: (event) => {
    if (event.type === 'download') process.stdout.write(`bytes ${event.receivedBytes}\n`);
  },
  progressEveryBytes: 1,
  // The files come from a server on this machine, as a local gateway's (the demo's) do.
  gatewayUrl: () => 'http://127.0.0.1',
});
await manager.start();
manager.enqueue(t.taskId, [
  { kind: 'image', url, expiresAt: null, index: 0, title: null, durationSeconds: null },
]);
process.stdout.write('started\n');
setInterval(() => undefined, 60_000);
