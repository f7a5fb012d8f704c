// A failed sync call (Restore from remote, a file fetched on open) in the words of Settings › Sync: the problem's
// kind as a sentence in the user's language, then the remote's own detail. Anything else is an ordinary bridge
// error. The main process marks sync failures with the code shared/studio/sync.ts spells (syncErrorCode).
import type { TFunction } from 'i18next';
import { syncProblemKindOfCode } from '../../shared/studio/sync';
import { errorInfoOf, errorSentence } from './bridge-error';

export function syncErrorSentence(error: unknown, t: TFunction): string {
  const info = errorInfoOf(error);
  const kind = syncProblemKindOfCode(info.code);
  if (!kind) return errorSentence(error, t);
  return `${t(`sync.problems.${kind}`)} ${info.message}`;
}
