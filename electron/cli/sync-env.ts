// Where the CLI syncs to: the environment (STUDIO_SYNC_*) or, failing that, the remote the app was set to
// (`<STUDIO_DATA_DIR>/sync.json`, which holds no secret). Secrets come only from the environment: the app keeps
// its own in the system's secret store, which a terminal program cannot (and should not) open.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { syncConfigSchema } from '../../shared/studio/sync';
import type { SyncConfig, SyncSecrets } from '../../shared/studio/sync';
import type { SyncSetup } from '../core/sync';
import { invalidArgument } from './cli-errors';

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

/** `s3://bucket/prefix`, `webdav://host:port/path` (`webdavs://` for TLS) or `folder:///path`. */
export function remoteFromEnv(env: Env): SyncConfig['remote'] | null {
  const raw = nonEmpty(env.STUDIO_SYNC_REMOTE);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidArgument(`STUDIO_SYNC_REMOTE is not an address: ${raw}`, 'STUDIO_SYNC_REMOTE');
  }
  const path = decodeURIComponent(url.pathname);
  switch (url.protocol) {
    case 's3:':
      return {
        kind: 's3',
        endpoint: nonEmpty(env.STUDIO_SYNC_ENDPOINT),
        region: nonEmpty(env.STUDIO_SYNC_REGION) ?? 'us-east-1',
        bucket: url.hostname,
        prefix: path.replace(/^\/+|\/+$/g, ''),
        accessKeyId: nonEmpty(env.STUDIO_SYNC_USER) ?? '',
      };
    case 'webdav:':
    case 'webdavs:':
      return {
        kind: 'webdav',
        url: `${url.protocol === 'webdavs:' ? 'https' : 'http'}://${url.host}${url.pathname}`,
        user: nonEmpty(env.STUDIO_SYNC_USER) ?? '',
      };
    case 'folder:':
      return { kind: 'folder', path };
    default:
      throw invalidArgument(
        'STUDIO_SYNC_REMOTE must start with s3://, webdav://, webdavs:// or folder:///',
        'STUDIO_SYNC_REMOTE',
      );
  }
}

const appFileSchema = z.object({ config: syncConfigSchema.nullable() });

function appConfig(dataDir: string | null): SyncConfig | null {
  if (dataDir === null) return null;
  try {
    const parsed = appFileSchema.safeParse(JSON.parse(readFileSync(join(dataDir, 'sync.json'), 'utf8')));
    return parsed.success ? parsed.data.config : null;
  } catch {
    return null;
  }
}

/** The setup a CLI sync runs with, or null when neither the environment nor the app names a remote. */
export function syncSetupFrom(env: Env, dataDir: string | null): SyncSetup | null {
  const secrets: SyncSecrets = {
    ...(nonEmpty(env.STUDIO_SYNC_SECRET) ? { secret: env.STUDIO_SYNC_SECRET } : {}),
    ...(nonEmpty(env.STUDIO_SYNC_PASSPHRASE) ? { passphrase: env.STUDIO_SYNC_PASSPHRASE } : {}),
  };
  const fromEnv = remoteFromEnv(env);
  const fromApp = fromEnv ? null : appConfig(dataDir);
  const remote = fromEnv ?? fromApp?.remote;
  if (!remote) return null;
  const config: SyncConfig = {
    remote,
    deviceName: nonEmpty(env.STUDIO_SYNC_DEVICE) ?? fromApp?.deviceName ?? hostname().slice(0, 80),
    encrypted: secrets.passphrase !== undefined || (fromApp?.encrypted ?? false),
    filesMode: env.STUDIO_SYNC_FILES === 'all' ? 'all' : (fromApp?.filesMode ?? 'on-demand'),
  };
  const checked = syncConfigSchema.safeParse(config);
  if (!checked.success) {
    throw invalidArgument(
      `The sync settings are incomplete: ${checked.error.issues.map((i) => i.path.join('.')).join(', ')}`,
      'STUDIO_SYNC_REMOTE',
    );
  }
  return { config: checked.data, secrets };
}
