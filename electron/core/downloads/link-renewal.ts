// A fresh status poll's links for a task's missing files: an expired (or failed) file whose link the gateway
// renewed (another URL or a later expires_at) is pending again; an expired one it did not renew is lost for good.
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { FileDownloadState, TaskFileRows } from './task-file-rows';

export function renewLinks(
  rows: TaskFileRows,
  taskId: string,
  files: readonly ResultFile[],
  now: number,
  mark: (ordinal: number, state: FileDownloadState, fields: Record<string, unknown>) => void,
): void {
  for (const row of rows.missing(taskId)) {
    const fresh = files[row.ordinal];
    const renewed =
      fresh !== undefined &&
      (fresh.url !== row.url || (fresh.expiresAt ?? Infinity) > (row.expires_at ?? Infinity)) &&
      (fresh.expiresAt === null || now < fresh.expiresAt * 1000);
    if (renewed) {
      rows.renewLink(taskId, row.ordinal, fresh);
    } else if (row.state === 'expired') {
      // A link refused early and handed back unchanged is refused for good; an expired one is lost.
      const refused = row.failure === 'refused';
      mark(row.ordinal, refused ? 'failed' : 'expired', {
        failure: refused ? 'refused' : 'lost',
        error: refused
          ? 'the file host refuses this link, and a fresh status poll gave the same one'
          : 'the gateway no longer offers this file: its link expired and a fresh status poll gave no new one',
      });
    }
  }
}
