// Settings → Model ids: the id each family sends, editable (a gateway may name its models differently from the
// spec's placeholders), with the catalog default shown beside it and a reset. Stored as settings.modelOverrides
// ("catalog default id -> id to send"); a placeholder shared by several families (the music model) is one row.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Settings } from '../../../shared/bridge';
import { FAMILY_LIST, type FamilyId } from '../../../shared/catalog';
import { errorSentence } from '../../lib/bridge-error';
import { useUpdateSettings } from '../../lib/api/settings';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';

interface ModelRow {
  defaultModelId: string;
  families: FamilyId[];
  kind: string;
  variantKey: string;
  variantCount: number;
}

/** One row per catalog default model id, in catalog order. */
export function modelRows(): ModelRow[] {
  const rows = new Map<string, ModelRow>();
  for (const family of FAMILY_LIST) {
    for (const variant of family.variants) {
      const row = rows.get(variant.defaultModelId);
      if (row) row.families.push(family.id);
      else
        rows.set(variant.defaultModelId, {
          defaultModelId: variant.defaultModelId,
          families: [family.id],
          kind: family.kind,
          variantKey: variant.key,
          variantCount: family.variants.length,
        });
    }
  }
  return [...rows.values()];
}

export function rowLabel(row: ModelRow, t: TFunction): string {
  const family =
    row.families.length > 1
      ? t(`create.kinds.${row.kind}` as 'create.kinds.music')
      : t(`create.families.${row.families[0]}` as 'create.families.speech');
  if (row.variantCount < 2) return family;
  return `${family} · ${t(`create.variants.${row.variantKey}` as 'create.variants.default', { defaultValue: row.variantKey })}`;
}

const VALID_ID = /^\S{1,200}$/;

export function ModelIdsSection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateSettings();
  const rows = modelRows();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...settings.modelOverrides }));
  const [invalid, setInvalid] = useState<string[]>([]);

  const save = async (next: Record<string, string>) => {
    const entries = Object.entries(next)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([k, v]) => v !== '' && v !== k);
    const bad = entries.filter(([, v]) => !VALID_ID.test(v)).map(([k]) => k);
    setInvalid(bad);
    if (bad.length > 0) return;
    try {
      await update.mutateAsync({ modelOverrides: Object.fromEntries(entries) });
      pushToast('success', t('settings.saved'));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };

  return (
    <form
      className="card card-pad settings-section"
      onSubmit={(e) => {
        e.preventDefault();
        void save(values);
      }}
      noValidate
    >
      <h2 className="card-title">{t('settings.models.title')}</h2>
      <p className="muted">{t('settings.models.lead')}</p>
      <div className="model-ids">
        {rows.map((row) => {
          const id = `model-${row.defaultModelId}`;
          const label = rowLabel(row, t);
          const hint = t('settings.models.default', { id: row.defaultModelId });
          const error = invalid.includes(row.defaultModelId) ? t('settings.models.invalid') : undefined;
          const value = values[row.defaultModelId] ?? '';
          return (
            <Field key={row.defaultModelId} id={id} label={label} hint={hint} error={error}>
              {(control) => (
                <div className="input-row">
                  <input
                    {...control}
                    className="input mono"
                    placeholder={row.defaultModelId}
                    value={value}
                    spellCheck={false}
                    onChange={(e) => setValues({ ...values, [row.defaultModelId]: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    aria-label={t('settings.models.resetOne', { label })}
                    disabled={value === ''}
                    onClick={() => {
                      const next = Object.fromEntries(
                        Object.entries(values).filter(([key]) => key !== row.defaultModelId),
                      );
                      setValues(next);
                      void save(next);
                    }}
                  >
                    {t('settings.models.reset')}
                  </Button>
                </div>
              )}
            </Field>
          );
        })}
      </div>
      <div className="settings-buttons">
        <Button type="submit" busy={update.isPending}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
