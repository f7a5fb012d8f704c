// Which adapter a config names, and a name for "the same remote" that does not change with a secret.
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { FolderRemote } from './folder-remote';
import { S3Remote } from './s3-remote';
import type { SyncRemote } from './sync-remote';
import { WebdavRemote } from './webdav-remote';

export function createRemote(config: SyncConfig, secrets: SyncSecrets): SyncRemote {
  const { remote } = config;
  switch (remote.kind) {
    case 's3':
      return new S3Remote({
        endpoint: remote.endpoint,
        region: remote.region,
        bucket: remote.bucket,
        prefix: remote.prefix,
        accessKeyId: remote.accessKeyId,
        secretAccessKey: secrets.secret ?? '',
      });
    case 'webdav':
      return new WebdavRemote({ url: remote.url, user: remote.user, password: secrets.secret ?? '' });
    case 'folder':
      return new FolderRemote(remote.path);
  }
}

/** Where the library is synced to, as a string: a new one starts sync's agreed state afresh. */
export function remoteIdentity(config: SyncConfig): string {
  const { remote } = config;
  switch (remote.kind) {
    case 's3':
      return `s3:${remote.endpoint ?? 'aws'}/${remote.bucket}/${remote.prefix}`;
    case 'webdav':
      return `webdav:${remote.url}`;
    case 'folder':
      return `folder:${remote.path}`;
  }
}
