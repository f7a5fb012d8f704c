// The header's balances, side by side: the calling key's ([EP-TBAL-1]) and the whole account's ([EP-UBAL-1]).
// Money in the unit the user chose ([TBAL-8]); an unlimited key ([TBAL-7]) and a lookup answering success:false
// ([EP-TBAL-2], [EP-UBAL-2]) read as sentences. Both refresh after every paid action (cache-updates.ts).
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TokenBalanceView, UserBalanceView } from '../../shared/bridge';
import { errorSentence } from '../lib/bridge-error';
import { formatCredits, formatUsd } from '../lib/format';
import { useBalance, useUserBalance } from '../lib/api/balance';
import { cx } from '../ui/cx';
import { Icon } from '../ui/icons';

export type BalanceUnit = 'usd' | 'credits';

type View = TokenBalanceView | UserBalanceView;

export function balanceText(view: View, unit: BalanceUnit, t: TFunction, language: string): string {
  if (!view.success) return view.message;
  if ('unlimited' in view && view.unlimited) return t('balance.unlimited');
  if (unit === 'credits' && view.remainCredits !== null) {
    return t('balance.credits', { amount: formatCredits(view.remainCredits, language) });
  }
  return t('balance.usd', { amount: formatUsd(view.remainBalance ?? 0, language) });
}

interface Shown {
  text: string;
  failed: boolean;
}

function shown(
  query: UseQueryResult<View>,
  failedKey: 'balance.failed' | 'balance.accountFailed',
  unit: BalanceUnit,
  t: TFunction,
  language: string,
): Shown {
  if (query.isPending) return { text: t('balance.loading'), failed: false };
  if (query.isError) return { text: errorSentence(query.error, t), failed: true };
  if (!query.data.success) {
    return {
      text: query.data.message ? t(failedKey, { message: query.data.message }) : t('balance.failedNoMessage'),
      failed: true,
    };
  }
  return { text: balanceText(query.data, unit, t, language), failed: false };
}

function BalanceChip({
  label,
  value,
  testId,
}: {
  label: string;
  value: Shown;
  testId: string;
}): ReactElement {
  return (
    <div className={cx('balance', value.failed && 'is-error')} data-testid={testId} role="status">
      <span className="balance-icon">
        <Icon name={value.failed ? 'alert' : 'wallet'} size={15} />
      </span>
      <span className="balance-text">
        {value.failed ? null : <span className="balance-label">{label}</span>}
        <span className="balance-value" data-testid={`${testId}-value`} title={value.text}>
          {value.text}
        </span>
      </span>
    </div>
  );
}

export function BalanceBadge({ unit, enabled }: { unit: BalanceUnit; enabled: boolean }): ReactElement {
  const { t, i18n } = useTranslation();
  const key = shown(useBalance(enabled), 'balance.failed', unit, t, i18n.language);
  const account = shown(useUserBalance(enabled), 'balance.accountFailed', unit, t, i18n.language);
  return (
    <div className="balances">
      <BalanceChip label={t('balance.label')} value={key} testId="balance" />
      <BalanceChip label={t('balance.accountLabel')} value={account} testId="account-balance" />
    </div>
  );
}
