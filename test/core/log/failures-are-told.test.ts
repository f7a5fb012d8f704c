// Failures are visible: what the core cannot answer itself is told to the Logger its composer injects,
// with context, and where a person can act on it the task or file shows it too. Each case breaks a real component
// the way a bug would (a snapshot that makes apply() throw, a sink that cannot answer, a listener that throws) and
// checks both the log line and what the user sees. Before the logger port each of these was swallowed.
import { JobRunner } from '../../../electron/core/jobs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { DownloadManager } from '../../../electron/core/downloads/download-manager';
import { GatewayClient, GatewayError } from '../../../electron/core/gateway';
import type { LogContext, Logger } from '../../../electron/core/log';
import { StudioEventHub } from '../../../electron/core/tasks/studio-event-hub';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import type { StudioEvent } from '../../../shared/studio/records';
import { startScriptedServer } from '../../support/scripted-server';
import { RecordingSink, taskDb } from '../downloads/download-fixtures';
import { CountingGateway, driveUntil, startRig } from '../tasks/engine-rig';
import type { Rig } from '../tasks/engine-rig';

interface Line {
  level: 'warn' | 'error';
  message: string;
  context: LogContext;
}

function recordingLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    warn: (message, context = {}) => lines.push({ level: 'warn', message, context }),
    error: (message, context = {}) => lines.push({ level: 'error', message, context }),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The first poll's answer makes apply() throw, as a bug there would; later polls answer as the gateway does. */
class BrokenOnceGateway extends CountingGateway {
  broken = 1;
  override async getTask(
    ...args: Parameters<CountingGateway['getTask']>
  ): ReturnType<CountingGateway['getTask']> {
    const snapshot = await super.getTask(...args);
    if (this.broken-- <= 0) return snapshot;
    return new Proxy(snapshot, {
      get(target, key, receiver) {
        if (key === 'progress') throw new TypeError('progress is not a number');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }
}

describe('the task engine', () => {
  it('a poll whose handling throws is logged, shown on the task, and polled again until it completes [TASK-10]', async () => {
    const rig: Rig = await startRig();
    cleanups.push(() => rig.close());
    const logger = recordingLogger();
    const gateway = new BrokenOnceGateway(rig.gateway(), rig.clock);
    const engine = new TaskEngine({
      db: rig.openDb(),
      gateway,
      clock: rig.clock,
      requestTimeoutMs: 2_000,
      logger,
    });
    cleanups.push(() => engine.close());
    await engine.start();
    const seen: StudioEvent[] = [];
    engine.events.subscribe((event) => seen.push(event));

    const task = await engine.submit({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a lighthouse at dusk', size: '16:9', resolution: '1K' },
    });
    const shown = () =>
      seen.some(
        (e) => e.type === 'task' && e.task.id === task.id && e.task.error?.code === 'tracking_failed',
      );
    expect(await driveUntil(rig, engine, shown)).toBe(true);
    expect(logger.lines).toContainEqual({
      level: 'error',
      message: 'tracking a task failed',
      context: { task: task.id, reason: 'TypeError: progress is not a number' },
    });
    expect(engine.get(task.id)?.error).toMatchObject({ type: 'internal_error', retryable: false });

    // Before the logger port the task stayed 'pending' forever: nothing polled it again.
    const done = () => engine.get(task.id)?.state === 'completed';
    expect(await driveUntil(rig, engine, done)).toBe(true);
    expect(engine.get(task.id)?.error).toBeNull();
  });
});

describe('the event hub', () => {
  it('a listener that throws is logged with the event, and the others still hear it', () => {
    const logger = recordingLogger();
    const hub = new StudioEventHub(logger);
    const heard: StudioEvent[] = [];
    hub.subscribe(() => {
      throw new Error('listener bug');
    });
    hub.subscribe((event) => heard.push(event));
    const event: StudioEvent = { type: 'download', taskId: 't', url: 'u', receivedBytes: 1, totalBytes: 2 };
    hub.emit(event);
    expect(heard).toEqual([event]);
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'an event listener failed',
        context: { event: 'download', reason: 'Error: listener bug' },
      },
    ]);
  });
});

describe('the download manager', () => {
  it('a sink that throws is logged and the file is marked failed with the reason, not left pending [TASK-10]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-log-'));
    const t = taskDb(join(dir, 'studio.sqlite'), new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0)));
    cleanups.push(() => {
      t.db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const logger = recordingLogger();
    const sink = new RecordingSink();
    sink.has = () => {
      throw new Error('library index unreadable');
    };
    const jobs = new JobRunner({ db: t.db, clock: t.clock });
    cleanups.push(() => jobs.close());
    const manager = new DownloadManager({
      jobs,
      db: t.db,
      clock: t.clock,
      libraryDir: join(dir, 'library'),
      sink,
      getTask: (id) => t.store.get(id)?.record ?? null,
      onFilesChanged: () => undefined,
      emit: () => undefined,
      logger,
      // The files come from a server on this machine, as a local gateway's (the demo's) do.
      gatewayUrl: () => 'http://127.0.0.1',
    });
    cleanups.push(() => manager.close());
    const url = 'http://127.0.0.1:9/never-fetched.png';
    manager.enqueue(t.taskId, [
      { kind: 'image', url, expiresAt: null, index: 0, title: null, durationSeconds: null },
    ]);
    await manager.idle();
    expect(logger.lines).toContainEqual({
      level: 'error',
      message: 'a download failed outside its fetch',
      context: { task: t.taskId, file: 0, reason: 'Error: library index unreadable' },
    });
    expect(manager.counts(t.taskId)).toMatchObject({
      total: 1,
      failed: 1,
      missing: [{ ordinal: 0, detail: 'Error: library index unreadable' }],
    });
  });
});

describe('the gateway client', () => {
  it('a failure that is not a GatewayError is logged with the call and the key redacted; the caller gets a network error', async () => {
    const server = await startScriptedServer();
    cleanups.push(() => server.close());
    const key = 'sk-live-SECRET-0123456789abcdef';
    server.reply({ status: 200, body: { id: 'task-a', status: 'pending', progress: 0 } });
    const logger = recordingLogger();
    let calls = 0;
    const client = new GatewayClient({
      baseUrl: server.url,
      apiKey: key,
      logger,
      retry: { maxAttempts: 1 },
      // A listener with a bug, the kind of failure the client cannot name: it throws once, with the key in it.
      onCall: () => {
        if (calls++ === 0) throw new Error(`listener saw ${key}`);
      },
    });
    const failed = await client.getTask('task-a', 'tasks').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GatewayError);
    expect((failed as GatewayError).info).toMatchObject({ type: 'network_error', code: 'unexpected' });
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'a gateway call failed unexpectedly',
        context: { method: 'GET', path: '/v1/tasks/task-a', reason: 'Error: listener saw [redacted]' },
      },
    ]);
  });
});
