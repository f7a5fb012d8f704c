// The question asked when a press is above the user's confirmation threshold or has no price yet
// (electron/core/spending refuses it unconfirmed): every form that sends tasks asks it in these words.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpendCheck } from '../../../shared/studio/spending';
import { moneyWords } from '../../lib/spend-words';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export interface SpendQuestion {
  check: SpendCheck;
  answer: (send: boolean) => void;
}

/** The question pending, and ask(): resolves with the person's answer once they give it. */
export function useSpendQuestion(): {
  asking: SpendQuestion | null;
  ask: (check: SpendCheck) => Promise<boolean>;
} {
  const [asking, setAsking] = useState<SpendQuestion | null>(null);
  const ask = (check: SpendCheck) =>
    new Promise<boolean>((resolve) =>
      setAsking({
        check,
        answer: (send) => {
          setAsking(null);
          resolve(send);
        },
      }),
    );
  return { asking, ask };
}

export function SpendConfirm({ asking }: { asking: SpendQuestion }): ReactElement {
  const { t, i18n } = useTranslation();
  const { check } = asking;
  return (
    <ConfirmDialog
      title={t('money.guard.confirmTitle')}
      confirmLabel={t('money.guard.send')}
      initialFocus="confirm"
      onConfirm={() => asking.answer(true)}
      onCancel={() => asking.answer(false)}
    >
      {check.unknown > 0 ? (
        <p>{t('money.guard.confirmUnpriced', { models: check.unpricedModels.join(', ') })}</p>
      ) : null}
      {check.estimate !== null && check.confirmAbove !== null && check.estimate > check.confirmAbove ? (
        <p>
          {t('money.guard.confirmBody', {
            estimate: moneyWords(check.estimate, check.unit, t, i18n.language),
            threshold: moneyWords(check.confirmAbove, check.unit, t, i18n.language),
          })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
