// Beside the button when "Also run on…" has models chosen: the press's total ("3 models ≈ 0.12 USD") and, under
// it, each model's share, so the cost of adding a model is seen before anything is sent. The spending check and
// the confirmation measure the same total (family-form.tsx builds the press from the same requests).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelConfig } from '../../../shared/catalog';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { BatchEstimate } from '../../../shared/studio/estimates';
import { formatUsd } from '../../lib/format';
import { modelLabel } from '../../lib/model-label';
import { usdWords, type MoneyShown } from '../../lib/money-shown';
import { GENERATE_ESTIMATE_ID } from './estimate-id';

export function FanOutTotal({
  requests,
  data,
  unit,
  models,
}: {
  requests: readonly SubmissionRequest[];
  data: BatchEstimate | undefined;
  unit: MoneyShown;
  models: ModelConfig;
}): ReactElement {
  const { t, i18n } = useTranslation();
  // An answer for an earlier choice of models is not this press's total.
  const current = data && data.items.length === requests.length ? data : undefined;
  const inCredits = (credits: number | null | undefined): credits is number =>
    unit === 'credits' && credits != null;
  const amount = (usd: number | null, credits: number | null | undefined): string | null => {
    if (inCredits(credits)) return t('money.estimate.credits', { amount: formatUsd(credits, i18n.language) });
    return usd === null ? null : usdWords(usd, unit, 'money.estimate.usd', t, i18n.language);
  };
  const total = current ? amount(current.totalUsd, current.totalCredits) : null;
  const count = requests.length;
  return (
    <div className="generate-estimate" id={GENERATE_ESTIMATE_ID} data-testid="estimate" aria-live="polite">
      <p className="fanout-total">
        {total === null
          ? t('fanout.count', { count })
          : t('fanout.total', { count, amount: total.replace(/^≈\s*/, '') })}
        {current && current.unknown > 0 ? ` · ${t('fanout.totalUnknown', { count: current.unknown })}` : null}
      </p>
      <ul className="fanout-shares" aria-label={t('fanout.shares')}>
        {requests.map((request, i) => {
          const item = current?.items[i];
          const share = item ? amount(item.usd, item.credits) : null;
          return (
            <li key={`${request.family}|${request.model}`} data-testid="estimate-share">
              {t('fanout.share', {
                model: modelLabel(request.family, request.model, models, t),
                amount: share ?? t('fanout.noEstimate'),
              })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
