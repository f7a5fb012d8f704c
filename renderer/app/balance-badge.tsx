// The header's balances, side by side: the calling key's ([EP-TBAL-1]) and the whole account's ([EP-UBAL-1]).
// Money in the unit the user chose ([TBAL-8]); an unlimited key ([TBAL-7]) and a lookup answering success:false
// ([EP-TBAL-2], [EP-UBAL-2]) read as sentences. Both refresh after every paid action (cache-updates.ts).
import { useEffect, useId, useState, type ReactElement } from 'react';
import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TokenBalanceView, UserBalanceView } from '../../shared/bridge';
import { errorSentence } from '../lib/bridge-error';
import { formatCredits, formatUsd } from '../lib/format';
import { useBalance, useUserBalance } from '../lib/api/balance';
import { useSpendingSummary } from '../lib/api/spending';
import { moneyWords } from '../lib/spend-words';
import type { SpendingWindow } from '../../shared/studio/spending';
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
  // [TBAL-8] the balance is in whatever unit the gateway says (USD, CNY, credits): shown as said, never as USD.
  if (view.unit) {
    return t('balance.inUnit', { amount: formatUsd(view.remainBalance ?? 0, language), unit: view.unit });
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
  // One cause behind both lookups (a refused key, an unreachable gateway) is said once, not twice side by side.
  const sameFailure = key.failed && account.failed && key.text === account.text;
  return (
    <div className="balances">
      <BalanceChip label={t('balance.label')} value={key} testId="balance" />
      {sameFailure ? null : (
        <BalanceChip label={t('balance.accountLabel')} value={account} testId="account-balance" />
      )}
      <SpendingPopover enabled={enabled} />
    </div>
  );
}

/**
 * What was spent today and this month, from the task costs in the local database (estimates for tasks not
 * charged yet), in the time zone of the user's spending limits, against their budgets when they set some.
 */
function SpendingPopover({ enabled }: { enabled: boolean }): ReactElement {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const summary = useSpendingSummary(enabled && open);
  // Esc closes it from wherever focus is, as a popover does.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const line = (label: string, window: SpendingWindow, unit: 'usd' | 'credits'): ReactElement => {
    const money = (n: number) => moneyWords(n, unit, t, i18n.language);
    return (
      <div className="spending-line">
        <dt>{label}</dt>
        <dd>
          {window.limit === null
            ? money(window.spent)
            : t('money.spending.ofBudget', { spent: money(window.spent), limit: money(window.limit) })}
          {window.estimated > 0 ? (
            <span className="spending-note">
              {t('money.spending.estimatedPart', { amount: money(window.estimated) })}
            </span>
          ) : null}
          {window.unpriced > 0 ? (
            <span className="spending-note">
              {t('money.spending.unpricedPart', { count: window.unpriced })}
            </span>
          ) : null}
        </dd>
      </div>
    );
  };
  return (
    <div className="spending">
      <button
        type="button"
        className="spending-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="wallet" size={15} />
        {t('money.spending.button')}
      </button>
      {open ? (
        <section id={panelId} className="spending-panel" aria-label={t('money.spending.title')}>
          {summary.data ? (
            <>
              <dl>
                {line(t('money.spending.today'), summary.data.day, summary.data.unit)}
                {line(t('money.spending.month'), summary.data.month, summary.data.unit)}
              </dl>
              <p className="spending-note">{t('money.spending.zone', { zone: summary.data.timeZone })}</p>
            </>
          ) : (
            <p>{t('money.spending.loading')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
