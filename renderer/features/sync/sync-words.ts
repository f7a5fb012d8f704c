// Sync's state in words: a round's progress ("Uploading 12 of 340 files, 1.2 GiB"), what a connection test found,
// and when the last round completed. Pure functions of a status and a translator, so tests read them directly.
import type { TFunction } from 'i18next';
import type {
  SyncProgress,
  SyncReceived,
  SyncReceipt,
  SyncStatus,
  SyncTestResult,
} from '../../../shared/studio/sync';
import { formatBytes, formatRelative } from '../../lib/format';

/** "Uploading 12 of 340 files, 1.2 GiB"; reading says the items it found so far; the others what they do. */
export function progressWords(progress: SyncProgress, t: TFunction, language: string): string {
  const { phase, filesDone, filesTotal, bytesTotal } = progress;
  if (phase === 'reading' && progress.items) return t('sync.progress.reading', { count: progress.items });
  if ((phase === 'uploading' || phase === 'downloading') && filesTotal > 0) {
    return t(`sync.progress.${phase}`, {
      done: filesDone,
      count: filesTotal,
      size: formatBytes(bytesTotal, language),
    });
  }
  return t(`sync.phases.${phase}`);
}

/** How far a round is, 0..100, by bytes when there are any, else by files; null when there is nothing to count. */
export function progressPercent(progress: SyncProgress): number | null {
  if (progress.bytesTotal > 0) return (progress.bytesDone / progress.bytesTotal) * 100;
  if (progress.filesTotal > 0) return (progress.filesDone / progress.filesTotal) * 100;
  return null;
}

/**
 * The status line: running (with progress), paused by the user, stopped by a problem (the remote's sentence,
 * which also says whether it tries again by itself), or when it last completed.
 */
export function statusWords(
  status: SyncStatus,
  userPaused: boolean,
  t: TFunction,
  language: string,
  now: number,
): string {
  switch (status.state) {
    case 'off':
      return t('sync.state.off');
    case 'running':
      return status.progress ? progressWords(status.progress, t, language) : t('sync.state.running');
    case 'paused':
    case 'error':
      if (userPaused || !status.problem) return t('sync.state.paused');
      return status.problem;
    case 'idle':
      return status.lastCompletedAt === null
        ? t('sync.state.never')
        : t('sync.state.lastCompleted', { when: formatRelative(status.lastCompletedAt, now, language) });
  }
}

/** What "Test connection" found, as the sentence to show. */
export function testWords(
  result: SyncTestResult,
  t: TFunction,
): { ok: boolean; sentence: string; detail: string } {
  if (result.ok) {
    return {
      ok: true,
      sentence: result.devices > 0 ? t('sync.test.okDevices', { count: result.devices }) : t('sync.test.ok'),
      detail: result.encrypted ? t('sync.test.encryptedRemote') : '',
    };
  }
  return { ok: false, sentence: t(`sync.problems.${result.kind}`), detail: result.message };
}

/** A device as the page names it: the name it chose, or that it gave none. */
export const deviceWords = (name: string, t: TFunction): string =>
  name.trim() === '' ? t('sync.unnamedDevice') : name;

/** What came in, device by device: "3 items from studio-laptop and 2 changes from Ben’s desktop". */
export function receivedWords(received: readonly SyncReceived[], t: TFunction, language: string): string {
  const parts = received.map((from) => {
    const name = deviceWords(from.name, t);
    return from.items > 0
      ? t('sync.received.items', { count: from.items, name })
      : t('sync.received.changes', { count: from.changes, name });
  });
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(parts);
}

/** The latest round that brought something: "Came in 2 minutes ago: 3 items from studio-laptop." */
export function receiptWords(receipt: SyncReceipt, t: TFunction, language: string, now: number): string {
  const what = receivedWords(receipt.received, t, language);
  // "Came in now" reads as a glitch; within the minute it came in just now.
  if (Math.abs(now - receipt.finishedAt) < 60_000) return t('sync.lastReceivedJustNow', { what });
  return t('sync.lastReceived', { when: formatRelative(receipt.finishedAt, now, language), what });
}
