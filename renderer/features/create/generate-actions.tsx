// The foot of a form that creates a task (a family's form, the generic model form): why the last submission
// failed, the spending question when one is open, and Generate with whatever the form adds beside it.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';
import { SubmitButton } from '../../ui/button';
import { Icon } from '../../ui/icons';

export function GenerateActions({
  failure,
  question,
  submitting,
  describedBy,
  children,
}: {
  failure: string | null | undefined;
  /** The spend question's dialog, when the form asked one. */
  question: ReactNode;
  submitting: boolean;
  /** What Generate is described by (the estimate beside it), when there is one. */
  describedBy?: string;
  /** More actions after Generate. */
  children?: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      {failure ? <Alert testId="submit-error">{failure}</Alert> : null}
      {question}
      <div className="form-actions">
        <SubmitButton
          submitting={submitting}
          label={t('create.submit')}
          busyLabel={t('create.submitting')}
          icon={<Icon name="spark" />}
          data-testid="submit"
          aria-describedby={describedBy}
        />
        {children}
      </div>
    </>
  );
}
