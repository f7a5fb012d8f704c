// What a round or a restore could not read or set aside, each with the device it came from and why, in the
// core's words (a head or segment missing or damaged, a change that breaks the app's rules, a file whose bytes
// failed their check). The core lists at most a few dozen; the count said beside says how many there were.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncReadProblem } from '../../../shared/studio/sync';
import { deviceWords } from './sync-words';

export function UnreadList({ problems }: { problems: readonly SyncReadProblem[] }): ReactElement | null {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <ul className="sync-unread" data-testid="sync-unread">
      {problems.map((problem, i) => (
        <li key={i}>
          {t(`sync.unreadWhat.${problem.what}`, {
            from: problem.deviceName !== null ? deviceWords(problem.deviceName, t) : t('sync.theRemote'),
            detail: problem.detail,
          })}
        </li>
      ))}
    </ul>
  );
}
