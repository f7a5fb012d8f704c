// On a task's row (Tasks page, Create's preview): "Link expires in 12 min: not downloaded yet", counting down
// live, while a result is not in the library and its link runs out within the hour; "Link expired before the
// download" once it has. The countdown ticks only in rows that show one.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '../../shared/studio/records';
import { linkExpiry, timeLeftWords } from '../lib/link-expiry';
import { useNow } from '../lib/use-now';
import './costs.css';

export function LinkExpiryFlag({ task }: { task: TaskRecord }): ReactElement | null {
  const { downloads } = task;
  // Most rows have every file saved: they mount no timer at all.
  const pending = downloads.linkExpiresAt ?? null;
  const ranOut = downloads.missing.some((file) => file.reason === 'expired' || file.reason === 'lost');
  if (pending === null && !ranOut) return null;
  return <Countdown task={task} />;
}

function Countdown({ task }: { task: TaskRecord }): ReactElement | null {
  const { t, i18n } = useTranslation();
  // Every second: a live countdown, in the few rows whose files are not saved yet.
  const now = useNow(1_000);
  const state = linkExpiry(task, now);
  if (!state) return null;
  return (
    <span
      className={state.kind === 'soon' ? 'link-expiry is-soon' : 'link-expiry is-expired'}
      data-testid="link-expiry"
      data-kind={state.kind}
      role="status"
    >
      {state.kind === 'soon'
        ? t('costs.expiresIn', { time: timeLeftWords(state.msLeft, i18n.language) })
        : t('costs.expired')}
    </span>
  );
}
