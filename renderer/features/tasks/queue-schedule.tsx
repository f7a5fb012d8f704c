// The queue's start time ("start at 02:00"): a time of day, taken as its next occurrence on this computer's
// clock, before which nothing is sent; "Start now" clears it.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';

/** The next time the clock reads hh:mm (today if still ahead, else tomorrow). */
export function nextOccurrence(time: string, now: Date): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at.getTime();
}

export function QueueSchedule({
  startAt,
  onSet,
}: {
  startAt: number | null;
  onSet: (at: number | null) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const [time, setTime] = useState('02:00');
  const at = nextOccurrence(time, new Date());
  return (
    <div className="queue-schedule">
      <Field id="queue-start-at" label={t('queue.startAt')}>
        {(props) => <input {...props} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
      </Field>
      <Button disabled={at === null} onClick={() => onSet(at)}>
        {t('queue.setStart')}
      </Button>
      {startAt !== null ? (
        <>
          <span data-testid="queue-start" className="muted">
            {t('queue.scheduled', { time: formatDateTime(startAt, i18n.language) })}
          </span>
          <Button variant="ghost" onClick={() => onSet(null)}>
            {t('queue.startNow')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
