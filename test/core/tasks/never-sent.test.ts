// Money words at a gateway that cannot be reached: a connection refused means the request never left, so the task
// fails with "nothing was charged" rather than "may have charged"; a connection cut after the body was sent keeps
// its outcome unknown. Both through the real client over real sockets on 127.0.0.1.
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { errorSentence } from '../../../shared/gateway/error-map';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { CountingGateway, driveUntil, i3, useEngineRig } from './engine-rig';

const bench = useEngineRig();
/** Stands in for a task with no error, so a missing one fails the expectation rather than the test's types. */
const NO_ERROR = localErrorInfo('internal_error', 'no error kept');

const listening = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const closed = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

const gatewayAt = (port: number) =>
  new CountingGateway(
    new GatewayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk-test', clock: bench.rig.clock }),
    bench.rig.clock,
  );

describe('a press to a gateway that cannot be reached', () => {
  it('a refused connection fails the task as not sent, nothing charged, never "may have charged"', async () => {
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    const port = await listening(probe);
    await closed(probe);
    const e = bench.engine(gatewayAt(port), { downloads: null });
    await e.start();
    const record = await e.submit(i3('nobody home'));
    expect(await driveUntil(bench.rig, e, () => e.isSettled(e.get(record.id) ?? record))).toBe(true);
    const task = e.get(record.id);
    expect(task).toMatchObject({ state: 'failed', error: { type: 'network_error', code: 'ECONNREFUSED' } });
    expect(task?.error?.message).toBe(
      'Not sent: the gateway could not be reached (ECONNREFUSED), so nothing was charged.',
    );
    expect(task?.error?.message).not.toMatch(/may have/);
    expect(errorSentence(task?.error ?? NO_ERROR).key).toBe('errors.networkNotSent');
  });

  it('a connection cut once the body was sent keeps its outcome unknown: it may have been charged', async () => {
    // Reads the request, then resets the connection without answering: the gateway may have taken it.
    const cutter = createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const port = await listening(cutter);
    try {
      const e = bench.engine(gatewayAt(port), { downloads: null });
      await e.start();
      const record = await e.submit(i3('cut off'));
      expect(await driveUntil(bench.rig, e, () => e.get(record.id)?.state === 'interrupted')).toBe(true);
      const task = e.get(record.id);
      expect(task?.error?.message).toMatch(/^The gateway may have charged this task/);
      expect(errorSentence(task?.error ?? NO_ERROR).key).toBe('errors.network');
      await e.close();
    } finally {
      await closed(cutter);
    }
  });
});
