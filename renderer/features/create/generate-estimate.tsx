// Beside the Generate button: what this press will probably cost ("≈ 0.0400 USD", or credits when the user
// prefers them), how sure that is ("from 12 runs", or "first run of this model: no estimate yet") and how long
// it will take ("about 40 s"), from the price book of the gateway in use. Its own component so the form only
// mounts it; the button points at it with aria-describedby.
import type { ReactElement } from 'react';
import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FamilySpec, ModelChoice, ModelConfig } from '../../../shared/catalog';
import type { BatchEstimate, CostEstimate } from '../../../shared/studio/estimates';
import { formatUsd } from '../../lib/format';
import { useSubmissionEstimate } from './api/get-submission-estimate';
import { useSettings } from '../../lib/api/settings';
import { useBalance, useGatewayCurrency, useUserBalance } from '../../lib/api/balance';
import { balanceLeft, moneyWords } from '../../lib/spend-words';
import { usdShownAs, usdWords, type MoneyShown } from '../../lib/money-shown';
import type { FormValues } from './field-control';
import { pressRequests, type BatchSettings } from '../../../shared/studio/press';
import { useActiveStyles } from './style-store';
import { FanOutTotal } from './fanout-total';
import { GENERATE_ESTIMATE_ID } from './estimate-id';
import { useFormRequest } from './form-request';
import './generate-estimate.css';

export { GENERATE_ESTIMATE_ID };

export interface GenerateEstimateProps {
  family: FamilySpec;
  models: ModelConfig;
  control: Control<FormValues>;
  /** Batch on: the estimate is the press's total ("6 tasks ≈ 0.24 USD"). */
  batch: BatchSettings;
  /** "Also run on…" (Batch off): the estimate is the total with each model's share. */
  fanOut: readonly ModelChoice[];
}

/** The words of one estimate; exported for the component test. */
export function estimateWords(
  estimate: CostEstimate,
  unit: MoneyShown,
  t: TFunction,
  language: string,
): string[] {
  const time = estimate.seconds === null ? [] : [t('money.estimate.about', { seconds: estimate.seconds })];
  if (estimate.usd === null) return [t('money.estimate.firstRun'), ...time];
  const amount =
    unit === 'credits' && estimate.credits !== null
      ? t('money.estimate.credits', { amount: formatUsd(estimate.credits, language) }) // fractions matter here
      : usdWords(estimate.usd, unit, 'money.estimate.usd', t, language);
  const basis =
    estimate.basis === 'runs'
      ? t('money.estimate.fromRuns', { count: estimate.observations })
      : estimate.basis === 'table'
        ? t('money.estimate.fromTable')
        : t('money.estimate.fromUsage', { count: estimate.observations });
  return [amount, basis, ...time];
}

export function GenerateEstimate({
  family,
  models,
  control,
  batch,
  fanOut,
}: GenerateEstimateProps): ReactElement | null {
  const { t, i18n } = useTranslation();
  const request = useFormRequest(family, models, control);
  const settings = useSettings();
  const styles = useActiveStyles((s) => s.active);
  // The press's own plan (shared/studio/press.ts), styles and all: what is estimated is what is sent.
  const { mode, requests } = useMemo(
    () => pressRequests({ request, styles, batch, batchable: true, fanOut, models }),
    [request, styles, batch, fanOut, models],
  );
  const estimate = useSubmissionEstimate(requests);
  // The header's balances, already read: an estimate above what is left is said before anything is sent.
  const key = useBalance(true).data;
  const account = useUserBalance(true).data;
  const chosen = settings.data?.balanceUnit ?? 'usd';
  const currency = useGatewayCurrency();
  const unit: MoneyShown = chosen === 'credits' ? 'credits' : (currency ?? 'usd');
  if (mode === 'batch') {
    return <BatchTotal count={requests.length} data={estimate.data} unit={unit} />;
  }
  if (mode === 'compare') {
    return <FanOutTotal requests={requests} data={estimate.data} unit={unit} models={models} />;
  }
  const item = estimate.data?.items[0];
  if (!item) return null;
  const words = estimateWords(item, unit, t, i18n.language);
  const inCredits = unit === 'credits' && item.credits !== null;
  const cost = inCredits ? item.credits : item.usd;
  // The balance is in the gateway's money (its currency, when it has one): measured against the cost in USD.
  const balance = balanceLeft([key, account], inCredits ? 'credits' : 'usd');
  const left = balance !== null && !inCredits ? balance / usdShownAs(1, unit) : balance;
  const short = cost !== null && left !== null && cost > left;
  // Credits preferred but the estimate has none (no task here reported a rate yet): both numbers in USD.
  const saidIn: MoneyShown = inCredits ? 'credits' : unit === 'credits' ? 'usd' : unit;
  const said = (amount: number) => moneyWords(amount, saidIn, t, i18n.language);
  return (
    <p className="generate-estimate" id={GENERATE_ESTIMATE_ID} data-testid="estimate" aria-live="polite">
      {words.join(' · ')}
      {short ? (
        <span className="generate-estimate-warning" data-testid="balance-warning">
          {' '}
          {t('money.guard.overBalance', {
            estimate: said(cost),
            balance: said(left),
          })}
        </span>
      ) : null}
    </p>
  );
}

/** A batch's line beside the button: how many tasks, and their estimated total ("6 tasks ≈ 0.24 USD"). */
function BatchTotal({
  count,
  data,
  unit,
}: {
  count: number;
  data: BatchEstimate | undefined;
  unit: MoneyShown;
}): ReactElement {
  const { t, i18n } = useTranslation();
  // Shown only for what is being estimated: an answer for an earlier count is not this batch's total.
  const current = data && data.items.length === count ? data : undefined;
  const credits = unit === 'credits' && current?.totalCredits != null;
  const total = credits ? current.totalCredits : (current?.totalUsd ?? null);
  const amount =
    total === null
      ? null
      : credits
        ? t('money.estimate.credits', { amount: formatUsd(total, i18n.language) })
        : usdWords(total, unit, 'money.estimate.usd', t, i18n.language);
  const words =
    count === 0
      ? t('batch.noLines')
      : amount === null
        ? t('batch.count', { count })
        : t('batch.total', { count, amount: amount.replace(/^≈\s*/, '') });
  const unknown = current?.unknown ?? 0;
  return (
    <p className="generate-estimate" id={GENERATE_ESTIMATE_ID} data-testid="estimate" aria-live="polite">
      {words}
      {unknown > 0 && count > 0 ? ` · ${t('batch.totalUnknown', { count, unknown })}` : null}
    </p>
  );
}
