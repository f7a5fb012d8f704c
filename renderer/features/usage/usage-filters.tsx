// The Usage page's filters: the days (two dates, or a preset), the zone they are days of, whose spending (the
// key or the account, [EP-USAGE-PARAM-6]), which models ([EP-USAGE-PARAM-3]) and how the table groups.
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyKind } from '../../../shared/catalog';
import { dayOf } from '../../../shared/studio/zoned-days';
import { Field } from '../../ui/field';
import { SegmentedField } from '../../ui/segmented-field';
import { TimeZoneField } from './time-zone-field';
import {
  presetRange,
  RANGE_PRESETS,
  rangeProblem,
  TABLE_GROUPINGS,
  type ModelChoice,
  type UsageFilters,
} from './usage-view';

/** Kinds in the order a creator thinks of them. */
const KINDS: readonly FamilyKind[] = ['image', 'video', 'music', 'speech', 'upscale'];

export function UsageFilterBar({
  filters,
  onChange,
  now,
  system,
  kinds,
  models,
}: {
  filters: UsageFilters;
  onChange: (next: UsageFilters) => void;
  now: number;
  system: string;
  /** The kinds the picker offers, each standing for its catalog models. */
  kinds: readonly FamilyKind[];
  /** Every single model the picker offers. */
  models: readonly string[];
}): ReactElement {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), models: useId(), scope: useId(), groupBy: useId() };
  const set = (patch: Partial<UsageFilters>) => onChange({ ...filters, ...patch });
  const today = dayOf(now, filters.tz);
  const problem = rangeProblem(filters);
  const rangeError = problem ? t(`usage.rangeProblem.${problem}`) : undefined;

  return (
    <div className="card card-pad usage-filters">
      <div className="usage-filter-row">
        <Field id={ids.from} label={t('usage.from')} error={rangeError}>
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              value={filters.from}
              max={today}
              onChange={(e) => set({ from: e.target.value })}
            />
          )}
        </Field>
        <Field id={ids.to} label={t('usage.to')}>
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              value={filters.to}
              max={today}
              onChange={(e) => set({ to: e.target.value })}
            />
          )}
        </Field>
        <div className="usage-presets" role="group" aria-label={t('usage.presets')}>
          {RANGE_PRESETS.map((preset) => {
            const range = presetRange(preset, now, filters.tz);
            const active = range.from === filters.from && range.to === filters.to;
            return (
              <button
                key={preset}
                type="button"
                className="usage-preset"
                aria-pressed={active}
                onClick={() => set(range)}
              >
                {t(`usage.preset.${preset}`)}
              </button>
            );
          })}
        </div>
      </div>
      <div className="usage-filter-row">
        <TimeZoneField value={filters.tz} system={system} onChange={(tz) => set({ tz })} />
        <Field id={ids.models} label={t('usage.models')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={filters.model}
              onChange={(e) => set({ model: e.target.value as ModelChoice })}
            >
              <option value="">{t('usage.allModels')}</option>
              <optgroup label={t('usage.byKind')}>
                {KINDS.filter((k) => kinds.includes(k)).map((k) => (
                  <option key={k} value={`kind:${k}`}>
                    {t(`usage.kinds.${k}`)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('usage.oneModel')}>
                {models.map((m) => (
                  <option key={m} value={`model:${m}`}>
                    {m}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <SegmentedField
          id={ids.scope}
          name="usage-scope"
          label={t('usage.scope')}
          value={filters.scope}
          onChange={(scope) => set({ scope })}
          options={(['key', 'account'] as const).map((s) => ({
            value: s,
            label: t(`usage.scopes.${s}`),
          }))}
        />
        <SegmentedField
          id={ids.groupBy}
          name="usage-group"
          label={t('usage.groupBy')}
          value={filters.groupBy}
          onChange={(groupBy) => set({ groupBy })}
          options={TABLE_GROUPINGS.map((g) => ({ value: g, label: t(`usage.groupings.${g}`) }))}
        />
      </div>
    </div>
  );
}
