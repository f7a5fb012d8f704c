// The preview of a task the gateway finished whose files are not in the library (yet): the bytes saved so far and
// their share, as the download events report them, or that the files were deleted from the library since. A task
// at 100% never shows just "100%" here: that read as stuck while the files were still arriving or long gone.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '../../../shared/studio/records';
import { formatBytes } from '../../lib/format';
import { useDownloads } from '../../lib/use-bridge-events';
import { Icon } from '../../ui/icons';
import { ProgressBar } from '../../ui/progress-bar';

export function SavingResult({ task }: { task: TaskRecord }): ReactElement {
  const { t, i18n } = useTranslation();
  const download = useDownloads()[task.id];
  const { total, deleted } = task.downloads;
  if (total > 0 && deleted === total) {
    return (
      <div className="preview-failed" data-testid="preview-deleted">
        <Icon name="trash" size={36} />
        <strong>{t('create.previewDeleted', { count: deleted })}</strong>
      </div>
    );
  }
  const received = download ? formatBytes(download.receivedBytes, i18n.language) : null;
  const percent =
    download?.totalBytes && download.totalBytes > 0
      ? (download.receivedBytes / download.totalBytes) * 100
      : null;
  return (
    <div className="preview-saving" data-testid="preview-saving" role="status">
      <strong>{t('create.previewSaving')}</strong>
      {download && percent !== null ? (
        <>
          <ProgressBar value={percent} label={t('create.previewSaving')} />
          <span>
            {t('tasks.downloadingShare', {
              received,
              total: formatBytes(download.totalBytes ?? 0, i18n.language),
              percent: Math.floor(percent),
            })}
          </span>
        </>
      ) : received ? (
        <span>{t('tasks.downloadingUnknown', { received })}</span>
      ) : null}
    </div>
  );
}
