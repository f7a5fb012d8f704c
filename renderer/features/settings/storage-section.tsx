// Settings › Storage: the library folder and the polling budget. A new library folder moves the library there,
// files and index together: the folder is checked first (refused at the field with its reason), then a dialog
// says what will move and asks, then shows the move's progress; a move that fails puts everything back and says so.
// The same dialog offers to start an empty library there instead (the one in use is kept for its folder), and a
// folder holding a library left there earlier offers to open it again.
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { LibraryMovePlan, SessionStatus, Settings, SettingsPatch } from '../../../shared/bridge';
import { errorInfoOf, errorSentence } from '../../lib/bridge-error';
import { desktopActions } from '../../lib/api/desktop';
import {
  planLibraryMove,
  useLibraryMoveStatus,
  useSwitchLibrary,
  useUpdateSettings,
} from '../../lib/api/settings';
import { formatBytes } from '../../lib/format';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { ProgressBar } from '../../ui/progress-bar';
import { storageFormSchema, type StorageFormValues } from './settings-form';

/** The folder refusals main names by code, each with its own sentence at the field. */
const REFUSALS = ['root', 'home', 'data', 'inside', 'unwritable', 'not_empty', 'synced'] as const;
type Refusal = (typeof REFUSALS)[number];
const refusalOf = (error: unknown): Refusal | null => {
  const reason = /^library_folder_(\w+)$/.exec(errorInfoOf(error).code)?.[1];
  return REFUSALS.find((r) => r === reason) ?? null;
};

function MoveProgress({ plan }: { plan: LibraryMovePlan }): ReactElement {
  const { t, i18n } = useTranslation();
  const status = useLibraryMoveStatus(true).data;
  const moving = status?.state === 'moving' ? status : null;
  const files = moving?.files ?? 0;
  const totalFiles = moving?.totalFiles || plan.files;
  const text = t('settings.libraryMoving', {
    files,
    total: totalFiles,
    bytes: formatBytes(moving?.bytes ?? 0, i18n.language),
    totalBytes: formatBytes(moving?.totalBytes || plan.bytes, i18n.language),
  });
  return (
    <div className="library-move-progress" role="status">
      <ProgressBar
        value={totalFiles > 0 ? (files / totalFiles) * 100 : 0}
        label={t('settings.libraryMoveTitle')}
      />
      <p>{text}</p>
    </div>
  );
}

export function StorageSection({
  session,
  settings,
}: {
  session: SessionStatus;
  settings: Settings;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateSettings();
  const switcher = useSwitchLibrary();
  const [asking, setAsking] = useState<{ plan: LibraryMovePlan; patch: SettingsPatch } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StorageFormValues>({
    resolver: zodResolver(storageFormSchema),
    defaultValues: {
      libraryDir: settings.libraryDir ?? '',
      pollBudgetPerSecond: settings.pollBudgetPerSecond,
    },
  });

  const refused = (error: unknown): void => {
    const refusal = refusalOf(error);
    if (refusal) {
      form.setError('libraryDir', { type: 'server', message: t(`settings.libraryFolderRefused.${refusal}`) });
    } else if (errorInfoOf(error).code === 'library_move_failed') {
      setFailure(t('settings.libraryMoveFailed', { detail: errorInfoOf(error).message }));
    } else pushToast('error', errorSentence(error, t));
  };

  const commit = async (patch: SettingsPatch, moved: LibraryMovePlan | null): Promise<void> => {
    try {
      await update.mutateAsync(patch);
      pushToast('success', moved ? t('settings.libraryMoved', { to: moved.to }) : t('settings.saved'));
      form.reset({ libraryDir: patch.libraryDir ?? '', pollBudgetPerSecond: patch.pollBudgetPerSecond });
    } catch (error) {
      refused(error);
    } finally {
      setAsking(null);
    }
  };

  // The library in use stays indexed for its folder; the folder's own library, or an empty one, opens.
  const switchTo = async (patch: SettingsPatch, to: string): Promise<void> => {
    try {
      await switcher.mutateAsync(patch.libraryDir ?? null);
      await update.mutateAsync({ pollBudgetPerSecond: patch.pollBudgetPerSecond });
      pushToast('success', t('settings.librarySwitched', { to }));
      form.reset({ libraryDir: patch.libraryDir ?? '', pollBudgetPerSecond: patch.pollBudgetPerSecond });
    } catch (error) {
      refused(error);
    } finally {
      setAsking(null);
    }
  };

  const save = form.handleSubmit(async ({ libraryDir, pollBudgetPerSecond }) => {
    setFailure(null);
    const wanted = libraryDir === '' ? null : libraryDir;
    if (wanted === settings.libraryDir) return commit({ pollBudgetPerSecond }, null);
    try {
      const plan = await planLibraryMove(wanted);
      // Nothing in the library yet: the folder changes without a question.
      if (!plan.moves || (plan.files === 0 && plan.waiting === 0))
        return commit({ libraryDir: wanted, pollBudgetPerSecond }, null);
      setAsking({ plan, patch: { libraryDir: wanted, pollBudgetPerSecond } });
    } catch (error) {
      refused(error);
    }
  });

  const { errors } = form.formState;
  const moving = asking !== null && update.isPending && !switcher.isPending;
  const switching = switcher.isPending;
  // A library left in that folder earlier can only be opened again: the folder is not empty to move into.
  const reopening = asking !== null && asking.plan.waiting > 0;
  return (
    <form className="card card-pad field-column" onSubmit={(e) => void save(e)} noValidate>
      <h2 className="card-title">{t('settings.storage')}</h2>
      <Field
        id="set-library"
        label={t('settings.libraryFolder')}
        hint={t('settings.defaultFolder', { path: session.libraryDir })}
        error={errors.libraryDir?.message}
      >
        {(control) => (
          <div className="input-row">
            <input
              {...control}
              className="input mono"
              placeholder={session.libraryDir}
              {...form.register('libraryDir')}
            />
            {desktopActions.available ? (
              <Button
                onClick={() =>
                  void desktopActions
                    .chooseLibraryFolder()
                    .then(({ path }) => {
                      if (path) form.setValue('libraryDir', path, { shouldDirty: true });
                    })
                    .catch(refused)
                }
              >
                {t('settings.chooseFolder')}
              </Button>
            ) : null}
          </div>
        )}
      </Field>
      {failure ? <Alert>{failure}</Alert> : null}
      <Field
        id="set-budget"
        label={t('settings.pollingBudget')}
        hint={t('settings.pollingBudgetHint')}
        error={errors.pollBudgetPerSecond?.message}
      >
        {(control) => (
          <input
            {...control}
            className="input input-short"
            type="number"
            min={0.1}
            max={50}
            step={0.1}
            {...form.register('pollBudgetPerSecond', { valueAsNumber: true })}
          />
        )}
      </Field>
      <div className="settings-buttons">
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('settings.libraryFolderChangeTitle')}
          confirmLabel={reopening ? t('settings.libraryReopenConfirm') : t('settings.libraryMoveConfirm')}
          initialFocus="confirm"
          busy={moving || switching}
          onConfirm={() =>
            void (reopening ? switchTo(asking.patch, asking.plan.to) : commit(asking.patch, asking.plan))
          }
          onCancel={() => (moving || switching ? undefined : setAsking(null))}
        >
          {reopening ? (
            <p>
              {t('settings.libraryReopenQuestion', {
                count: asking.plan.waiting,
                from: asking.plan.from,
                to: asking.plan.to,
              })}
            </p>
          ) : (
            <>
              <p>
                {t('settings.libraryMoveQuestion', {
                  count: asking.plan.files,
                  size: formatBytes(asking.plan.bytes, i18n.language),
                  from: asking.plan.from,
                  to: asking.plan.to,
                })}
              </p>
              <p className="muted">{t('settings.libraryMoveSafe')}</p>
              <p className="muted">{t('settings.libraryEmptyHint', { from: asking.plan.from })}</p>
              <div className="settings-buttons">
                <Button
                  disabled={moving || switching}
                  onClick={() => void switchTo(asking.patch, asking.plan.to)}
                >
                  {t('settings.libraryEmptyConfirm')}
                </Button>
              </div>
            </>
          )}
          {moving ? <MoveProgress plan={asking.plan} /> : null}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
