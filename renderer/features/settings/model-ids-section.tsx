// Settings → Model ids: the id each family sends, editable (a gateway may name its models differently from the
// spec's placeholders), with the catalog default shown beside it and a reset. Stored as settings.modelOverrides
// ("catalog default id -> id to send"); a placeholder shared by several families (the music model) is one row.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Settings } from '../../../shared/bridge';
import { FAMILY_LIST, type FamilyId } from '../../../shared/catalog';
import { OverrideRow, OverrideTable, useSaveSettings } from './override-table';

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
  const settingsSaver = useSaveSettings();
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
    await settingsSaver.save({ modelOverrides: Object.fromEntries(entries) });
  };

  return (
    <OverrideTable
      title={t('settings.models.title')}
      lead={t('settings.models.lead')}
      busy={settingsSaver.busy}
      onSubmit={() => void save(values)}
    >
      {rows.map((row) => {
        const id = `model-${row.defaultModelId}`;
        const label = rowLabel(row, t);
        const hint = t('settings.models.default', { id: row.defaultModelId });
        const error = invalid.includes(row.defaultModelId) ? t('settings.models.invalid') : undefined;
        const value = values[row.defaultModelId] ?? '';
        return (
          <OverrideRow
            key={row.defaultModelId}
            id={id}
            label={label}
            hint={hint}
            error={error}
            value={value}
            onChange={(typed) => setValues({ ...values, [row.defaultModelId]: typed })}
            input={{ placeholder: row.defaultModelId, spellCheck: false }}
            resetLabel={t('settings.models.resetOne', { label })}
            atDefault={value === ''}
            onReset={() => {
              const next = Object.fromEntries(
                Object.entries(values).filter(([key]) => key !== row.defaultModelId),
              );
              setValues(next);
              void save(next);
            }}
          />
        );
      })}
    </OverrideTable>
  );
}
