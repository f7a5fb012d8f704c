// The made-from chain of an item's task, both ways: what it was made from → this → what was made
// from it. Each step opens its item (or, when none is filed, its task on the Tasks page).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MadeFromStep } from '../../../shared/bridge/reuse-schemas';
import { useMadeFromChain } from './api/reuse';
import { libraryAddress } from '../../lib/library-address';

function Step({ step, direction }: { step: MadeFromStep; direction: 'from' | 'this' }): ReactElement {
  const { t } = useTranslation();
  const what = step.family ? t(`create.families.${step.family}`) : t('reuse.unknownTask');
  const relation =
    direction === 'from' ? t(`reuse.relation.${step.relation}`) : t(`reuse.relationThis.${step.relation}`);
  const label = `${relation} · ${what}${step.prompt ? ` · ${step.prompt}` : ''}`;
  return (
    <li>
      <Link
        href={step.item ? libraryAddress(step.item.id) : `/tasks/${step.taskId}`}
        className="chain-step"
        data-testid="chain-step"
      >
        {label}
      </Link>
    </li>
  );
}

export function MadeFromChain({ taskId }: { taskId: string }): ReactElement | null {
  const { t } = useTranslation();
  const chain = useMadeFromChain(taskId).data;
  if (!chain || (chain.madeFrom.length === 0 && chain.madeFromThis.length === 0)) return null;
  return (
    <section className="made-from" aria-label={t('reuse.chain')} data-testid="made-from">
      {chain.madeFrom.length > 0 ? (
        <>
          <h3>{t('reuse.madeFrom')}</h3>
          <ul>
            {chain.madeFrom.map((step) => (
              <Step
                key={`${step.relation}:${step.taskId}:${step.item?.id ?? ''}`}
                step={step}
                direction="from"
              />
            ))}
          </ul>
        </>
      ) : null}
      {chain.madeFromThis.length > 0 ? (
        <>
          <h3>{t('reuse.madeFromThis')}</h3>
          <ul>
            {chain.madeFromThis.map((step) => (
              <Step key={`${step.relation}:${step.taskId}`} step={step} direction="this" />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
