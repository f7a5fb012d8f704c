// The remote's fields, by kind: an S3-compatible bucket (endpoint, region, bucket, prefix, access key, secret),
// a WebDAV folder (address, user, password) or a plain folder. The secret is a SecretField (secret-field.tsx).
import type { ReactElement } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SyncRemoteKind } from '../../../shared/studio/sync';
import { Field } from '../../ui/field';
import { SegmentedField } from '../../ui/segmented-field';
import { SecretField } from './secret-field';
import type { SyncFieldName, SyncFormValues } from './sync-form';

const KINDS: readonly SyncRemoteKind[] = ['s3', 'webdav', 'folder'];

export function RemoteFields({
  form,
  secretStored,
}: {
  form: UseFormReturn<SyncFormValues>;
  secretStored: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = form.formState.errors;
  const text = (name: SyncFieldName, label: string, extra: { hint?: string; placeholder?: string } = {}) => (
    <Field id={`sync-${name}`} label={label} hint={extra.hint} error={errors[name]?.message}>
      {(control) => (
        <input
          {...control}
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={extra.placeholder}
          {...form.register(name)}
        />
      )}
    </Field>
  );
  const secretField = (label: string) => (
    <SecretField
      id="sync-secret"
      label={label}
      hint={secretStored ? t('sync.secretStored') : t('sync.secretNotStored')}
      error={errors.secret?.message}
      stored={secretStored}
      registration={form.register('secret')}
    />
  );
  return (
    <>
      <SegmentedField
        id="sync-kind"
        name="sync-kind"
        label={t('sync.remoteKind')}
        value={kind}
        onChange={(value) => form.setValue('kind', value, { shouldDirty: true })}
        options={KINDS.map((value) => ({ value, label: t(`sync.kinds.${value}`) }))}
      />
      {kind === 's3' ? (
        <div className="sync-grid">
          {text('endpoint', t('sync.s3.endpoint'), {
            hint: t('sync.s3.endpointHint'),
            placeholder: 'https://<account>.r2.cloudflarestorage.com',
          })}
          {text('region', t('sync.s3.region'), { placeholder: 'auto' })}
          {text('bucket', t('sync.s3.bucket'))}
          {text('prefix', t('sync.s3.prefix'), { hint: t('sync.s3.prefixHint'), placeholder: 'studio' })}
          {text('accessKeyId', t('sync.s3.accessKeyId'))}
          {secretField(t('sync.s3.secret'))}
        </div>
      ) : kind === 'webdav' ? (
        <div className="sync-grid">
          <div className="sync-wide">
            {text('url', t('sync.webdav.url'), {
              hint: t('sync.webdav.urlHint'),
              placeholder: 'https://cloud.example.com/remote.php/dav/files/me/Studio',
            })}
          </div>
          {text('user', t('sync.webdav.user'))}
          {secretField(t('sync.webdav.password'))}
        </div>
      ) : (
        text('path', t('sync.folder.path'), { hint: t('sync.folder.pathHint') })
      )}
    </>
  );
}
