// The remote and how to sync with it: the kind and its fields, "Test connection" (its finding in a sentence),
// this device's name, files as needed or all, end-to-end encryption; Save tries the setup and keeps it (a wrong
// passphrase is refused at its field and nothing is kept), Turn sync off forgets it.
import { useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SyncSetupView, SyncTestInput } from '../../../shared/bridge/sync-schemas';
import type { SyncTestResult } from '../../../shared/studio/sync';
import { errorInfoOf, errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormCard } from '../../ui/form-card';
import { SegmentedField } from '../../ui/segmented-field';
import { useCreateSyncFolder, useSaveSync, useTestSync } from './api/sync';
import { EncryptionFields } from './encryption-fields';
import { RemoteFields } from './remote-fields';
import { configOf, formValuesOf, typedSecrets, type SyncFormValues } from './sync-form';
import { testWords } from './sync-words';

export function SyncSetupForm({
  setup,
  setupRef,
}: {
  setup: SyncSetupView;
  /** Given the form's setup as it stands, checked (Restore from remote before sync is set up reads it). */
  setupRef?: RefObject<() => SyncTestInput | null>;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const save = useSaveSync();
  const test = useTestSync();
  const createFolder = useCreateSyncFolder();
  const testButton = useRef<HTMLButtonElement>(null);
  const [verdict, setVerdict] = useState<SyncTestResult | null>(null);
  const form = useForm<SyncFormValues>({
    defaultValues: formValuesOf(setup.config, setup.suggestedDeviceName),
  });
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));

  /**
   * The setup the fields describe, or null with each problem said at its field and the focus on the first: the
   * field may be far below the button pressed, which would otherwise seem to do nothing.
   */
  const checked = (values: SyncFormValues) => {
    form.clearErrors();
    const said = (problems: { field: Parameters<typeof form.setError>[0]; message: string }[]) => {
      problems.forEach(({ field, message }, i) =>
        form.setError(field, { message }, { shouldFocus: i === 0 }),
      );
      return null;
    };
    const result = configOf(values);
    if (!result.ok) return said(result.errors);
    const typed = typedSecrets(values);
    if (values.encrypted && !typed.passphrase && !setup.hasPassphrase)
      return said([{ field: 'passphrase', message: t('sync.passphraseNeeded') }]);
    if (typed.passphrase && !values.understood)
      return said([{ field: 'understood', message: t('sync.understoodNeeded') }]);
    return { config: result.config, ...typed };
  };

  useEffect(() => {
    if (setupRef) setupRef.current = () => checked(form.getValues());
  });

  // A setup kept elsewhere (Restore from remote keeps the one typed here): the form shows it, and the secrets
  // typed for it leave the page.
  const keptConfig = JSON.stringify(setup.config);
  const shown = useRef(keptConfig);
  useEffect(() => {
    if (shown.current === keptConfig) return;
    shown.current = keptConfig;
    form.reset(formValuesOf(setup.config, setup.suggestedDeviceName));
  }, [keptConfig, form, setup.config, setup.suggestedDeviceName]);

  const tryIt = async () => {
    const input = checked(form.getValues());
    if (!input) return;
    setVerdict(null);
    try {
      setVerdict(await test.mutateAsync(input));
    } catch (error) {
      onError(error);
    }
  };

  /** "Create this folder", offered when a test or a save found the folder missing; the focus goes back to Test
   * connection, since the pressed button goes away with the finding it belonged to. */
  const create = async () => {
    const input = checked(form.getValues());
    if (!input) return;
    try {
      const result = await createFolder.mutateAsync(input);
      setVerdict(result);
      if (result.ok) pushToast('success', t('sync.folderCreated'));
      testButton.current?.focus();
    } catch (error) {
      onError(error);
    }
  };

  const keep = form.handleSubmit(async (values) => {
    const input = checked(values);
    if (!input) return;
    try {
      const saved = await save.mutateAsync(input);
      setVerdict(saved.test);
      // The typed secrets are in the main process now; never keep them in the page.
      form.reset(formValuesOf(saved.setup.config, saved.setup.suggestedDeviceName));
      pushToast('success', t('sync.saved'));
    } catch (error) {
      const code = errorInfoOf(error).code;
      if (code === 'sync_passphrase_wrong')
        form.setError('passphrase', { message: t('sync.passphraseWrong') });
      else if (code === 'sync_passphrase_missing')
        form.setError('passphrase', { message: t('sync.passphraseNeeded') });
      else onError(error);
    }
  });

  const turnOff = () =>
    save.mutate(
      { config: null },
      {
        onSuccess: (saved) => {
          setVerdict(null);
          form.reset(formValuesOf(null, saved.setup.suggestedDeviceName));
          pushToast('success', t('sync.turnedOff'));
        },
        onError,
      },
    );

  const words = verdict ? testWords(verdict, t) : null;
  const filesMode = useWatch({ control: form.control, name: 'filesMode' });
  return (
    <FormCard
      className="field-column"
      title={t('sync.remoteTitle')}
      titleId="sync-remote-title"
      lead={<p className="field-hint">{t('sync.remoteLead')}</p>}
      onSubmit={(e) => void keep(e)}
    >
      <RemoteFields form={form} secretStored={setup.hasSecret} />
      <div className="sync-buttons">
        <Button ref={testButton} busy={test.isPending} onClick={() => void tryIt()}>
          {t('sync.testConnection')}
        </Button>
      </div>
      {words ? (
        <Alert tone={words.ok ? 'success' : 'error'} testId="sync-test-result">
          <strong>{words.sentence}</strong>
          {words.detail ? <span className="sync-detail">{words.detail}</span> : null}
          {verdict && !verdict.ok && verdict.creatable ? (
            <span className="sync-create">
              <span className="sync-detail">{t('sync.createFolderLead')}</span>
              <Button busy={createFolder.isPending} onClick={() => void create()}>
                {t('sync.createFolder')}
              </Button>
            </span>
          ) : null}
        </Alert>
      ) : null}
      <Field
        id="sync-deviceName"
        label={t('sync.deviceName')}
        hint={t('sync.deviceNameHint')}
        error={form.formState.errors.deviceName?.message}
      >
        {(control) => <input {...control} className="input" {...form.register('deviceName')} />}
      </Field>
      <SegmentedField
        id="sync-files"
        name="sync-files"
        label={t('sync.filesMode')}
        hint={t(`sync.filesModeHint.${filesMode}`)}
        value={filesMode}
        onChange={(value) => form.setValue('filesMode', value, { shouldDirty: true })}
        options={(['on-demand', 'all'] as const).map((value) => ({
          value,
          label: t(`sync.filesModes.${value}`),
        }))}
      />
      <EncryptionFields form={form} passphraseStored={setup.hasPassphrase} />
      <div className="sync-buttons">
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          {setup.config ? t('sync.save') : t('sync.start')}
        </Button>
        {setup.config ? (
          <Button variant="ghost" busy={save.isPending && !form.formState.isSubmitting} onClick={turnOff}>
            {t('sync.turnOff')}
          </Button>
        ) : null}
      </div>
    </FormCard>
  );
}
