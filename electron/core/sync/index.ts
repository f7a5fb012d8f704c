export { SyncService, SyncNotReadyError } from './sync-service';
export type { SyncServiceOptions, SyncSetup, SyncStatusListener } from './sync-service';
export type { SyncRemote, PutOptions, RemoteObjectInfo } from './sync-remote';
export { SyncRemoteError } from './sync-remote';
export { createRemote } from './remote-factory';
export { SYNC_MIGRATIONS } from './sync-migrations';
export { DEFAULT_RETRY } from './retrying-remote';
export type { RetryPolicy } from './retrying-remote';
