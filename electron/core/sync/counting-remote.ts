// Counts the requests a round sends (the report's figure, and the bench's "requests of one incremental round").
import type { SyncRemote } from './sync-remote';

export interface CountingRemote extends SyncRemote {
  readonly requests: number;
}

export function countingRemote(remote: SyncRemote): CountingRemote {
  let requests = 0;
  const count =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      requests += 1;
      return fn(...args);
    };
  return {
    label: remote.label,
    get requests() {
      return requests;
    },
    get: count(remote.get.bind(remote)),
    getStream: count(remote.getStream.bind(remote)),
    put: count(remote.put.bind(remote)),
    putStream: count(remote.putStream.bind(remote)),
    head: count(remote.head.bind(remote)),
    list: count(remote.list.bind(remote)),
    probe: count(remote.probe.bind(remote)),
    ...(remote.createRoot ? { createRoot: count(remote.createRoot.bind(remote)) } : {}),
  };
}
