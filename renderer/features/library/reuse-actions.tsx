// What a library item can become next: a reference of a family that takes it ("Use as reference",
// the person picks the family), the whole form again ("Edit and run again"), or the same task again ("Run
// again", which says what it started and links to it).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { FamilyId } from '../../../shared/catalog';
import { errorSentence } from '../../lib/bridge-error';
import { reuseDraftValues, reuseFamilies } from '../../lib/reuse-targets';
import { useRunAgain } from '../../lib/run-again';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { useAsReference } from './api/reuse';
import { MakeRecipe } from './make-recipe';
import { libraryAddress } from '../../lib/library-address';

export function ReuseActions({ item }: { item: BridgeLibraryItem }): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [picking, setPicking] = useState(false);
  const pushToast = useStudioStore((s) => s.pushToast);
  const setDraft = useStudioStore((s) => s.setDraft);
  const asReference = useAsReference();
  const runAgain = useRunAgain();
  const families = reuseFamilies(item);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const taskId = item.family === 'speech' ? null : item.taskId;

  const putIn = async (family: FamilyId): Promise<void> => {
    try {
      const values = await reuseDraftValues(
        family,
        item,
        async (id) => (await asReference.mutateAsync(id)).uri,
      );
      if (!values) {
        pushToast('error', t('reuse.cannotUse', { family: t(`create.families.${family}`) }));
        return;
      }
      setDraft({ family, model: null, values, replace: false, editOf: null });
      navigate(`/create/${family}`);
    } catch (error) {
      onError(error);
    }
  };

  if (!taskId && families.length === 0) return null;
  return (
    <div className="reuse-actions">
      <div className="item-dialog-actions item-dialog-buttons">
        {taskId ? (
          <>
            <Button
              icon={<Icon name="create" />}
              onClick={() => {
                setDraft({
                  family: item.family,
                  model: item.model,
                  values: item.params,
                  replace: true,
                  editOf: taskId,
                });
                navigate(`/create/${item.family}`);
              }}
            >
              {t('reuse.editAndRun')}
            </Button>
            <Button
              busy={runAgain.busy}
              onClick={() =>
                void runAgain
                  .run({ id: taskId, family: item.family, model: item.model, params: item.params })
                  .then((outcome) => {
                    if (outcome.status === 'failed') return onError(outcome.error);
                    if (outcome.status === 'stopped') {
                      if (outcome.failure) pushToast('error', outcome.failure);
                      return;
                    }
                    const task = outcome.value;
                    // The details close so the toast's link can be followed (a modal makes the page inert).
                    navigate(libraryAddress());
                    pushToast(
                      'success',
                      t('reuse.runAgainStarted', { family: t(`create.families.${task.family}`) }),
                      {
                        href: `/tasks/${task.id}`,
                        label: t('reuse.openTask'),
                      },
                    );
                  })
              }
            >
              {t('tasks.rerun')}
            </Button>
            <MakeRecipe item={item} />
            {runAgain.dialog}
          </>
        ) : null}
        {families.length > 0 ? (
          <Button aria-expanded={picking} onClick={() => setPicking((p) => !p)} busy={asReference.isPending}>
            {t('reuse.useAsReference')}
          </Button>
        ) : null}
      </div>
      {picking ? (
        <div className="reuse-families" role="group" aria-label={t('reuse.pickFamily')}>
          <span className="field-hint">{t('reuse.pickFamily')}</span>
          {families.map((family) => (
            <button key={family} type="button" className="family-chip" onClick={() => void putIn(family)}>
              {t(`create.families.${family}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
