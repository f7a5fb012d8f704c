// The question a press of Generate meets before money leaves, asked where the press was made (on Create: a family's
// form, a listed model's generic one, the recipe panel's Run, measured over all its steps, and a stopped run's
// "Try step N again", measured on that step; on Speech: a new take): an estimate above the confirmation threshold, or a model with no
// estimate yet. For the latter the creator may type the price to assume right here (saved to the spending limits
// exactly as Settings saves it); the press is then measured again with that price standing in, and asked about
// again only if the amount it now shows is above the threshold. A press of several unpriced tasks under a budget,
// refused until one teaches the price, may go once a price is typed. The main process enforces all of it again
// whatever this dialog does.
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { spendStep, type SpendDecision } from '../../shared/studio/press';
import type { SpendCheck } from '../../shared/studio/spending';
import { readSpendingLimits, useSaveSpendingLimits } from './api/spending';
import { errorSentence } from './bridge-error';
import { confirmWords, refusalWords } from './spend-words';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';

interface Answer {
  send: boolean;
  /** The price to assume the creator typed; null when they left it empty. */
  price: number | null;
}

interface Asking {
  check: SpendCheck;
  answer: (answer: Answer) => void;
}

/** '' is none; anything else must be a number above 0 (the limits' own rule). */
function priceOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n > 0 ? n : 'invalid';
}

export function useSpendQuestion(): {
  decide: (check: SpendCheck, recheck: () => Promise<SpendCheck>) => Promise<SpendDecision>;
  dialog: ReactElement | null;
} {
  const { t, i18n } = useTranslation();
  const save = useSaveSpendingLimits();
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask = (check: SpendCheck) =>
    new Promise<Answer>((resolve) =>
      setAsking({
        check,
        answer: (answer) => {
          setAsking(null);
          resolve(answer);
        },
      }),
    );

  const decide = async (first: SpendCheck, recheck: () => Promise<SpendCheck>): Promise<SpendDecision> => {
    let check = first;
    for (;;) {
      const step = spendStep(check);
      // A budget already passed: no price changes that.
      if (step === 'refused') return { go: false, failure: refusalWords(check, t, i18n.language) };
      if (step === 'go') return { go: true, confirmed: false };
      const answer = await ask(check);
      if (!answer.send) return { go: false, failure: null };
      if (answer.price === null) return { go: true, confirmed: true };
      try {
        // The limits as saved now, with this one field changed: the same call Settings makes.
        const limits = await readSpendingLimits();
        await save.mutateAsync({ ...limits, unknownPrice: answer.price });
        check = await recheck();
      } catch (error) {
        return { go: false, failure: errorSentence(error, t) };
      }
    }
  };

  const dialog = asking ? (
    <SpendDialog key={JSON.stringify(asking.check)} check={asking.check} onAnswer={asking.answer} />
  ) : null;
  return { decide, dialog };
}

function SpendDialog({
  check,
  onAnswer,
}: {
  check: SpendCheck;
  onAnswer: (answer: Answer) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Refused until a price is known (several unpriced tasks, or one still running, under a budget).
  const needsPrice = check.refusal?.unpriced != null;
  const send = () => {
    const price = priceOf(text);
    if (price === 'invalid') return setError(t('validation.amountAboveZero'));
    if (price === null && needsPrice) return setError(t('money.guard.assumeNeeded'));
    onAnswer({ send: true, price });
  };
  return (
    <ConfirmDialog
      title={t('money.guard.confirmTitle')}
      confirmLabel={t('money.guard.send')}
      // Sending is what the person pressed Generate for; with no estimate, the price to assume is asked first.
      initialFocus={check.unknown > 0 ? 'field' : 'confirm'}
      onConfirm={send}
      onCancel={() => onAnswer({ send: false, price: null })}
    >
      {needsPrice ? <p>{refusalWords(check, t, i18n.language)}</p> : null}
      {confirmWords(check, t, i18n.language).map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      {check.unknown > 0 ? (
        <Field
          id={`${id}-assume`}
          label={t('money.limits.unknownPrice')}
          hint={t('money.guard.assumeHint', { unit: t(`settings.balanceUnits.${check.unit}`) })}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              className="input input-short"
              inputMode="decimal"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                send();
              }}
            />
          )}
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}
