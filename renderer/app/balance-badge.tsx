// The header's balance: money in the unit the user chose ([TBAL-8]), "Unlimited" for unlimited_quota
// ([TBAL-7]), and the gateway's own message when the lookup answers success:false ([EP-TBAL-2]).
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TokenBalanceView } from '../../shared/bridge';
import { errorSentence } from '../lib/bridge-error';
import { formatCredits, formatUsd } from '../lib/format';
import { useBalance } from '../lib/studio-queries';
import { cx } from '../ui/cx';
import { Icon } from '../ui/icons';

export type BalanceUnit = 'usd' | 'credits';

export function balanceText(
  view: TokenBalanceView,
  unit: BalanceUnit,
  t: TFunction,
  language: string,
): string {
  if (!view.success) return view.message;
  if (view.unlimited) return t('balance.unlimited');
  if (unit === 'credits' && view.remainCredits !== null) {
    return t('balance.credits', { amount: formatCredits(view.remainCredits, language) });
  }
  return t('balance.usd', { amount: formatUsd(view.remainBalance ?? 0, language) });
}

export function BalanceBadge({ unit, enabled }: { unit: BalanceUnit; enabled: boolean }): ReactElement {
  const { t, i18n } = useTranslation();
  const balance = useBalance(enabled);

  let text: string;
  let failed = false;
  if (balance.isPending) text = t('balance.loading');
  else if (balance.isError) {
    failed = true;
    text = errorSentence(balance.error, t);
  } else if (!balance.data.success) {
    failed = true;
    text = balance.data.message
      ? t('balance.failed', { message: balance.data.message })
      : t('balance.failedNoMessage');
  } else {
    text = balanceText(balance.data, unit, t, i18n.language);
  }

  return (
    <div className={cx('balance', failed && 'is-error')} data-testid="balance" role="status">
      <span className="balance-icon">
        <Icon name={failed ? 'alert' : 'wallet'} size={15} />
      </span>
      <span className="balance-text">
        {failed ? null : <span className="balance-label">{t('balance.label')}</span>}
        <span className="balance-value" data-testid="balance-value" title={text}>
          {text}
        </span>
      </span>
    </div>
  );
}
