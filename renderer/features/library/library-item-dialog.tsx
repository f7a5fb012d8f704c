// One item, large, with what made it. Opened from the URL (#/library/<id>) so it survives a reload.
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { formatBytes, formatDateTime, formatDuration, formatUsd } from '../../lib/format';
import { useDeleteItem, useSetFavourite } from './api/item-actions';
import { desktopActions } from '../../lib/api/desktop';
import { useTaskList } from '../../lib/api/tasks';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { CopyableId } from '../../ui/copyable-id';
import { Icon } from '../../ui/icons';
import { MediaView } from '../../ui/media-view';
import { TaskNotices } from '../../ui/task-notices';
import { MadeFromChain } from './made-from-chain';
import { ReuseActions } from './reuse-actions';

export function LibraryItemDialog({
  item,
  src,
  cover = null,
  onClose,
}: {
  item: BridgeLibraryItem;
  src: string | null;
  /** A track's cover, when it has one. */
  cover?: string | null;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const pushToast = useStudioStore((st) => st.pushToast);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const favourite = useSetFavourite();
  const remove = useDeleteItem();
  // The same rule as the Tasks page: an item whose task lost files says which, with Try again.
  const task = useTaskList().data?.tasks.find((candidate) => candidate.id === item.taskId) ?? null;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      className="item-dialog"
      onClose={onClose}
      aria-label={t('library.details')}
      data-testid="item-dialog"
    >
      <div className="item-dialog-media">
        {src ? (
          <MediaView
            kind={item.kind}
            src={src}
            cover={cover}
            label={item.title ?? item.prompt ?? ''}
            mime={item.mime}
          />
        ) : null}
      </div>
      <div className="item-dialog-info">
        <div className="item-dialog-head">
          <h2>{t('library.details')}</h2>
          <button
            type="button"
            className="icon-btn"
            onClick={() => ref.current?.close()}
            aria-label={t('library.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        {task ? <TaskNotices task={task} /> : null}
        <dl>
          {item.title !== null ? (
            <>
              <dt>{t('library.trackTitle')}</dt>
              <dd data-testid="item-title">
                {item.trackIndex !== null
                  ? t('library.track', { n: item.trackIndex, title: item.title })
                  : item.title}
              </dd>
            </>
          ) : null}
          {item.durationSeconds !== null ? (
            <>
              <dt>{t('library.duration')}</dt>
              <dd>{formatDuration(item.durationSeconds)}</dd>
            </>
          ) : null}
          {item.tags.length > 0 ? (
            <>
              <dt>{t('library.tags')}</dt>
              <dd>{item.tags.join(', ')}</dd>
            </>
          ) : null}
          <dt>{t('library.prompt')}</dt>
          <dd>{item.prompt ?? t('library.noPrompt')}</dd>
          <dt>{t('library.model')}</dt>
          <dd className="mono">{item.model}</dd>
          {item.width !== null && item.height !== null ? (
            <>
              <dt>{t('library.dimensionsLabel')}</dt>
              <dd>{t('library.dimensions', { width: item.width, height: item.height })}</dd>
            </>
          ) : null}
          <dt>{t('library.size')}</dt>
          <dd>{formatBytes(item.size, i18n.language)}</dd>
          {item.cost !== null ? (
            <>
              <dt>{t('library.cost')}</dt>
              <dd>{t('tasks.cost', { amount: formatUsd(item.cost, i18n.language) })}</dd>
            </>
          ) : null}
          <dt>{t('library.created')}</dt>
          <dd>{formatDateTime(item.createdAt, i18n.language)}</dd>
          {item.remoteTaskId ? (
            <>
              <dt>{t('tasks.gatewayId')}</dt>
              <dd>
                <CopyableId
                  label={t('tasks.gatewayId')}
                  value={item.remoteTaskId}
                  copyLabel={t('common.copy')}
                  copiedLabel={t('common.copied')}
                  onCopyFailed={() => pushToast('error', t('common.copyFailed'))}
                />
              </dd>
            </>
          ) : null}
        </dl>
        {item.taskId ? <MadeFromChain taskId={item.taskId} /> : null}
        <ReuseActions item={item} />
        <div className="item-dialog-actions item-dialog-buttons">
          <Button
            variant={item.favourite ? 'primary' : 'secondary'}
            icon={<Icon name="star" />}
            aria-pressed={item.favourite}
            busy={favourite.isPending}
            onClick={() => favourite.mutate({ id: item.id, favourite: !item.favourite }, { onError })}
            data-testid="item-favourite"
          >
            {item.favourite ? t('library.unfavourite') : t('library.favourite')}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('library.deleteConfirm'))) return;
              remove.mutate(item.id, {
                onSuccess: () => {
                  pushToast('success', t('library.deleted'));
                  ref.current?.close();
                },
                onError,
              });
            }}
            data-testid="item-delete"
          >
            {t('library.delete')}
          </Button>
        </div>
        {desktopActions.available ? (
          <div className="item-dialog-actions">
            <Button onClick={() => void desktopActions.showInFolder(item.id).catch(onError)}>
              {t('library.showInFolder')}
            </Button>
            <p className="field-hint">{t('library.dragHint')}</p>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
