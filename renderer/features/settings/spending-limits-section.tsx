// Settings → Spending limits: ask before a press of Generate estimated above an amount, refuse what would pass a
// daily or monthly budget, the price to assume for a model with no estimate yet, and the time zone whose midnight
// starts a day. Kept in the database with the tasks and enforced by the main process (the CLI too); empty fields
// mean no limit.
import { useMemo, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MoneyUnit, SpendingLimits } from '../../../shared/studio/spending';
import { errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormCard } from '../../ui/form-card';
import { useSaveSpendingLimits, useSpendingLimits } from '../../lib/api/spending';

interface LimitsForm {
  unit: MoneyUnit;
  confirmAbove: string;
  daily: string;
  monthly: string;
  unknownPrice: string;
  /** '' stands for the system's zone. */
  timeZone: string;
}

const AMOUNTS = ['confirmAbove', 'daily', 'monthly', 'unknownPrice'] as const;

/** '' is no limit; anything else must be a number above 0. */
function amountOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n > 0 ? n : 'invalid';
}

const asText = (n: number | null): string => (n === null ? '' : String(n));

function LimitsFormView({
  limits,
  systemTimeZone,
}: {
  limits: SpendingLimits;
  systemTimeZone: string;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const save = useSaveSpendingLimits();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const form = useForm<LimitsForm>({
    defaultValues: {
      unit: limits.unit,
      confirmAbove: asText(limits.confirmAbove),
      daily: asText(limits.daily),
      monthly: asText(limits.monthly),
      unknownPrice: asText(limits.unknownPrice ?? null),
      timeZone: limits.timeZone ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    const amounts = AMOUNTS.map((name) => [name, amountOf(values[name])] as const);
    let valid = true;
    for (const [name, value] of amounts) {
      if (value === 'invalid') {
        form.setError(name, { message: t('validation.amountAboveZero') });
        valid = false;
      }
    }
    if (!valid) return;
    const amount = (name: (typeof AMOUNTS)[number]): number | null => {
      const value = amountOf(values[name]);
      return value === 'invalid' ? null : value;
    };
    try {
      await save.mutateAsync({
        unit: values.unit,
        confirmAbove: amount('confirmAbove'),
        daily: amount('daily'),
        monthly: amount('monthly'),
        unknownPrice: amount('unknownPrice'),
        timeZone: values.timeZone === '' ? null : values.timeZone,
      });
      pushToast('success', t('money.limits.saved'));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  });
  const hint = t('money.limits.none');
  const amountField = (name: (typeof AMOUNTS)[number], label: string, fieldHint = hint): ReactElement => {
    const id = `limits-${name}`;
    const error = form.formState.errors[name]?.message;
    return (
      <Field id={id} label={label} hint={fieldHint} error={error}>
        {(control) => (
          <input {...control} className="input input-short" inputMode="decimal" {...form.register(name)} />
        )}
      </Field>
    );
  };
  return (
    <FormCard
      className="field-column"
      title={t('money.limits.title')}
      titleId="limits-title"
      lead={<p className="field-hint">{t('money.limits.lead')}</p>}
      onSubmit={(e) => void submit(e)}
    >
      <Field id="limits-unit" label={t('money.limits.unit')}>
        {(control) => (
          <select {...control} className="input input-short" {...form.register('unit')}>
            <option value="usd">{t('settings.balanceUnits.usd')}</option>
            <option value="credits">{t('settings.balanceUnits.credits')}</option>
          </select>
        )}
      </Field>
      {amountField('confirmAbove', t('money.limits.confirmAbove'))}
      {amountField('daily', t('money.limits.daily'))}
      {amountField('monthly', t('money.limits.monthly'))}
      {amountField('unknownPrice', t('money.limits.unknownPrice'), t('money.limits.unknownPriceHint'))}
      <Field id="limits-zone" label={t('money.limits.timeZone')}>
        {(control) => (
          <select {...control} className="input" {...form.register('timeZone')}>
            <option value="">{t('money.limits.systemZone', { zone: systemTimeZone })}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="settings-buttons">
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('money.limits.save')}
        </Button>
      </div>
    </FormCard>
  );
}

export function SpendingLimitsSection(): ReactElement | null {
  const limits = useSpendingLimits();
  if (!limits.data) return null;
  return <LimitsFormView limits={limits.data.limits} systemTimeZone={limits.data.systemTimeZone} />;
}
