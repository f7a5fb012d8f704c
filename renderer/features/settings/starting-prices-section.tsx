// Settings → Starting prices: what an estimate stands on before a model has been charged on this gateway, one
// row per model of the starting price table (shared/studio/starting-prices.ts), editable. Stored as
// settings.startingPrices (model id → USD, or null for a row cleared: no estimate until the model has run);
// a value equal to the table's is not stored, so a later table change reaches it.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/bridge';
import { FAMILIES } from '../../../shared/catalog';
import { STARTING_PRICES, type StartingPriceEdits } from '../../../shared/studio/starting-prices';
import { modelRows, rowLabel } from './model-ids-section';
import { OverrideRow, OverrideTable, useSaveSettings } from './override-table';

/** A price as typed: digits with at most one point, above 0 and at most 1000 USD (the schema's bounds). */
const PRICE = /^\d+(\.\d+)?$/;
const parsePrice = (text: string): number | null => {
  const value = Number(text);
  return PRICE.test(text) && value > 0 && value <= 1000 ? value : null;
};

/** What the row's price is for: an image where the family has n, a second where it has a duration. */
function unitOf(families: readonly string[]): 'image' | 'second' | 'request' {
  const fields = new Set(
    families.flatMap((id) => FAMILIES[id as keyof typeof FAMILIES].fields.map((f) => f.name)),
  );
  return fields.has('n') ? 'image' : fields.has('duration') ? 'second' : 'request';
}

const PER = {
  image: 'settings.prices.per.image',
  second: 'settings.prices.per.second',
  request: 'settings.prices.per.request',
} as const;

const shown = (edits: StartingPriceEdits, model: string): string => {
  const edit = Object.hasOwn(edits, model) ? edits[model] : undefined;
  if (edit === null) return '';
  return String(edit ?? STARTING_PRICES[model]?.usd ?? '');
};

export function StartingPricesSection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const settingsSaver = useSaveSettings();
  const rows = modelRows().filter((row) => Object.hasOwn(STARTING_PRICES, row.defaultModelId));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      rows.map((row) => [row.defaultModelId, shown(settings.startingPrices, row.defaultModelId)]),
    ),
  );
  const [invalid, setInvalid] = useState<string[]>([]);

  const save = async (next: Record<string, string>) => {
    const edits: StartingPriceEdits = {};
    const bad: string[] = [];
    for (const [model, typed] of Object.entries(next)) {
      const text = typed.trim();
      const usd = text === '' ? null : parsePrice(text);
      if (text !== '' && usd === null) bad.push(model);
      else if (usd !== STARTING_PRICES[model]?.usd) edits[model] = usd;
    }
    setInvalid(bad);
    // The first refused row may be far above the Save button: take the person there, its sentence under it.
    if (bad.length > 0) return document.getElementById(`price-${bad[0]}`)?.focus();
    await settingsSaver.save({ startingPrices: edits });
  };

  return (
    <OverrideTable
      title={t('settings.prices.title')}
      lead={t('settings.prices.lead')}
      titleId="starting-prices-title"
      busy={settingsSaver.busy}
      onSubmit={() => void save(values)}
    >
      {rows.map((row) => {
        const model = row.defaultModelId;
        const label = t('settings.prices.label', { label: rowLabel(row, t) });
        const usd = STARTING_PRICES[model]?.usd ?? 0;
        const hint = t(PER[unitOf(row.families)], { usd });
        const value = values[model] ?? '';
        return (
          <OverrideRow
            key={model}
            id={`price-${model}`}
            label={label}
            hint={value.trim() === '' ? t('settings.prices.none') : hint}
            error={invalid.includes(model) ? t('settings.prices.invalid') : undefined}
            value={value}
            onChange={(typed) => setValues({ ...values, [model]: typed })}
            input={{ inputMode: 'decimal' }}
            resetLabel={t('settings.prices.resetOne', { label })}
            atDefault={value === String(usd)}
            onReset={() => {
              const next = { ...values, [model]: String(usd) };
              setValues(next);
              void save(next);
            }}
          />
        );
      })}
    </OverrideTable>
  );
}
