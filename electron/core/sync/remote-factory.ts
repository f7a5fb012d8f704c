// Which adapter a config names, and a name for "the same remote" that does not change with a secret.
import type { Agent } from 'node:http';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import type { ProxyRoute } from '../proxy/proxy-route';
import { FolderRemote } from './folder-remote';
import { S3Remote } from './s3-remote';
import type { SyncRemote } from './sync-remote';
import { WebdavRemote } from './webdav-remote';

/** The agents an adapter's requests go out through, one per protocol, each choosing the proxy per URL. */
export interface RemoteAgents {
  http: Agent;
  https: Agent;
}

/**
 * The adapter for a config. `proxy`: the way out gateway calls and downloads take (Settings' proxy, --proxy, the
 * environment's HTTPS_PROXY/NO_PROXY, SOCKS included), so a network that allows only the proxy reaches the remote
 * too; without it, a direct connection.
 */
export function createRemote(config: SyncConfig, secrets: SyncSecrets, proxy?: ProxyRoute): SyncRemote {
  const { remote } = config;
  const agents: RemoteAgents | undefined = proxy && {
    http: proxy.agent('http:'),
    https: proxy.agent('https:'),
  };
  switch (remote.kind) {
    case 's3':
      return new S3Remote({
        endpoint: remote.endpoint,
        region: remote.region,
        bucket: remote.bucket,
        prefix: remote.prefix,
        accessKeyId: remote.accessKeyId,
        secretAccessKey: secrets.secret ?? '',
        ...(agents ? { agents } : {}),
      });
    case 'webdav':
      return new WebdavRemote({
        url: remote.url,
        user: remote.user,
        password: secrets.secret ?? '',
        ...(agents ? { agents } : {}),
      });
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
