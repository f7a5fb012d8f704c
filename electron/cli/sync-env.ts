// Where the CLI syncs to: the environment (STUDIO_SYNC_*) or, failing that, the remote the app was set to
// (`<STUDIO_DATA_DIR>/sync.json`, which holds no secret). Secrets come only from the environment: the app keeps
// its own in the system's secret store, which a terminal program cannot (and should not) open.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { addressHasCredentials, syncConfigSchema, withoutAddressCredentials } from '../../shared/studio/sync';
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
    // Said without whatever sat before an '@': it may have been a password.
    throw invalidArgument(
      `STUDIO_SYNC_REMOTE is not an address: ${withoutAddressCredentials(raw)}`,
      'STUDIO_SYNC_REMOTE',
    );
  }
  // The user and the secret have variables of their own; one in the address would be kept in the library's
  // database and shown by `sync status` (the same rule as the app's Settings, shared/studio/sync.ts).
  if (addressHasCredentials(raw)) {
    throw invalidArgument(
      'STUDIO_SYNC_REMOTE must not carry a user name or password: set STUDIO_SYNC_USER and STUDIO_SYNC_SECRET instead.',
      'STUDIO_SYNC_REMOTE',
      'sync_address_credentials',
    );
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

const appAddressSchema = z.object({
  config: z.object({ remote: z.object({ url: z.string().optional(), endpoint: z.string().nullish() }) }),
});

function appConfig(dataDir: string | null): SyncConfig | null {
  if (dataDir === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dataDir, 'sync.json'), 'utf8'));
  } catch {
    return null;
  }
  // Written by an earlier app with a password in the address: the app moves it to its secret store when it next
  // starts; until then this says so rather than "not set up".
  const address = appAddressSchema.safeParse(raw);
  const remote = address.success ? address.data.config.remote : null;
  if (
    remote &&
    [remote.url, remote.endpoint].some((a) => typeof a === 'string' && addressHasCredentials(a))
  ) {
    throw invalidArgument(
      `The app's sync setup (${join(dataDir, 'sync.json')}) has a user name or password in the remote's address: start the app once (it moves them to their own fields), or set STUDIO_SYNC_REMOTE, STUDIO_SYNC_USER and STUDIO_SYNC_SECRET.`,
      'STUDIO_SYNC_REMOTE',
      'sync_address_credentials',
    );
  }
  const parsed = appFileSchema.safeParse(raw);
  return parsed.success ? parsed.data.config : null;
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
    // Each field with its sentence (never its value: the error map words issues without them).
    throw invalidArgument(
      `The sync settings are incomplete: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      'STUDIO_SYNC_REMOTE',
    );
  }
  return { config: checked.data, secrets };
}
