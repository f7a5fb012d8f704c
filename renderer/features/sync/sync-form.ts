// Settings › Sync's form: flat fields for the three kinds of remote (each kind's fields kept while another is
// chosen, so switching back loses nothing), turned into the shared SyncConfig and checked by its own schema, the
// one source of the rules. Secrets are fields of the form only until they are sent; an empty one keeps the
// stored value.
import type { SyncConfig, SyncFilesMode, SyncRemoteKind } from '../../../shared/studio/sync';
import { syncConfigSchema } from '../../../shared/studio/sync';

export interface SyncFormValues {
  kind: SyncRemoteKind;
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  url: string;
  user: string;
  path: string;
  /** The S3 secret key or the WebDAV password as typed; '' keeps the stored one. */
  secret: string;
  deviceName: string;
  encrypted: boolean;
  /** '' keeps the stored passphrase. */
  passphrase: string;
  /** The user read that a forgotten passphrase cannot be recovered. */
  understood: boolean;
  filesMode: SyncFilesMode;
}

/** The form's fields a config's issue can point at. */
export type SyncFieldName = Exclude<keyof SyncFormValues, 'kind' | 'encrypted' | 'filesMode'>;

export function formValuesOf(config: SyncConfig | null, defaultDeviceName: string): SyncFormValues {
  const remote = config?.remote;
  return {
    kind: remote?.kind ?? 'webdav',
    endpoint: remote?.kind === 's3' ? (remote.endpoint ?? '') : '',
    region: remote?.kind === 's3' ? remote.region : 'auto',
    bucket: remote?.kind === 's3' ? remote.bucket : '',
    prefix: remote?.kind === 's3' ? remote.prefix : '',
    accessKeyId: remote?.kind === 's3' ? remote.accessKeyId : '',
    url: remote?.kind === 'webdav' ? remote.url : '',
    user: remote?.kind === 'webdav' ? remote.user : '',
    path: remote?.kind === 'folder' ? remote.path : '',
    secret: '',
    deviceName: config?.deviceName ?? defaultDeviceName,
    encrypted: config?.encrypted ?? false,
    passphrase: '',
    understood: false,
    filesMode: config?.filesMode ?? 'on-demand',
  };
}

function remoteOf(values: SyncFormValues): unknown {
  switch (values.kind) {
    case 's3':
      return {
        kind: 's3',
        endpoint: values.endpoint.trim() === '' ? null : values.endpoint.trim(),
        region: values.region,
        bucket: values.bucket,
        prefix: values.prefix,
        accessKeyId: values.accessKeyId,
      };
    case 'webdav':
      return { kind: 'webdav', url: values.url.trim(), user: values.user };
    case 'folder':
      return { kind: 'folder', path: values.path };
  }
}

export type ConfigResult =
  { ok: true; config: SyncConfig } | { ok: false; errors: { field: SyncFieldName; message: string }[] };

const FIELDS: ReadonlySet<string> = new Set<SyncFieldName>([
  'endpoint',
  'region',
  'bucket',
  'prefix',
  'accessKeyId',
  'url',
  'user',
  'path',
  'deviceName',
]);

/** The config the fields describe, or each field's problem in the words of the one error map. */
export function configOf(values: SyncFormValues): ConfigResult {
  const parsed = syncConfigSchema.safeParse({
    remote: remoteOf(values),
    deviceName: values.deviceName,
    encrypted: values.encrypted,
    filesMode: values.filesMode,
  });
  if (parsed.success) return { ok: true, config: parsed.data };
  const errors: { field: SyncFieldName; message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[issue.path.length - 1] ?? '');
    if (FIELDS.has(name) && !errors.some((e) => e.field === name)) {
      errors.push({ field: name as SyncFieldName, message: issue.message });
    }
  }
  return { ok: false, errors };
}

/** What a save or a test sends besides the config: typed secrets only. */
export function typedSecrets(values: SyncFormValues): { secret?: string; passphrase?: string } {
  return {
    ...(values.kind !== 'folder' && values.secret !== '' ? { secret: values.secret } : {}),
    ...(values.encrypted && values.passphrase !== '' ? { passphrase: values.passphrase } : {}),
  };
}
