// A failed sync call (Restore from remote, a file fetched on open) in the words of Settings › Sync: the problem's
// kind as a sentence in the user's language, then the remote's own detail. Anything else is an ordinary bridge
// error. The main process marks sync failures with a `sync_<kind>` code (electron/host/handlers/sync.ts).
import type { TFunction } from 'i18next';
import { syncProblemKindSchema } from '../../shared/studio/sync';
import { errorInfoOf, errorSentence } from './bridge-error';

export function syncErrorSentence(error: unknown, t: TFunction): string {
  const info = errorInfoOf(error);
  const kind = syncProblemKindSchema.safeParse(info.code.replace(/^sync_/, ''));
  if (!info.code.startsWith('sync_') || !kind.success) return errorSentence(error, t);
  return `${t(`sync.problems.${kind.data}`)} ${info.message}`;
}
