// The viewer's side panel: what the item is and how it was made. Sections stack top to bottom; the settings
// that made the item are listed here.
// The made-from chain (made from → this → made from this) belongs in this
// panel as its own section below the settings, in its own file, rendered where the EXTENSION comment is.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { formatBytes, formatDateTime, formatDuration } from '../../../lib/format';
import { useTaskList } from '../../../lib/api/tasks';
import { useStudioStore } from '../../../store/studio-store';
import { CopyableId } from '../../../ui/copyable-id';
import { CostText } from '../../../ui/cost-text';
import { LinkKept } from './link-kept';
import { TaskNotices } from '../../../ui/task-notices';
import { MadeFromChain } from '../made-from-chain';
import { BatchBadge } from '../batch-filter';

function Entry({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function ViewerDetails({
  item,
  children,
}: {
  item: BridgeLibraryItem;
  /** Sections under the facts (tags; later the made-from chain). */
  children?: ReactNode;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const pushToast = useStudioStore((st) => st.pushToast);
  // The same rule as the Tasks page: an item whose task lost files says which, with Try again.
  const task = useTaskList().data?.tasks.find((candidate) => candidate.id === item.taskId) ?? null;
  return (
    <div className="viewer-details" data-testid="viewer-details">
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
        <Entry label={t('library.prompt')}>{item.prompt ?? t('library.noPrompt')}</Entry>
        <Entry label={t('library.model')}>
          <span className="mono">{item.model}</span>
        </Entry>
        {item.durationSeconds !== null ? (
          <Entry label={t('library.duration')}>{formatDuration(item.durationSeconds)}</Entry>
        ) : null}
        {item.width !== null && item.height !== null ? (
          <Entry label={t('library.dimensionsLabel')}>
            {t('library.dimensions', { width: item.width, height: item.height })}
          </Entry>
        ) : null}
        <Entry label={t('library.size')}>{formatBytes(item.size, i18n.language)}</Entry>
        <Entry label={t('library.cost')}>
          <CostText usd={item.cost} credits={item.creditsCost} testId="item-cost" />
        </Entry>
        <Entry label={t('library.created')}>{formatDateTime(item.createdAt, i18n.language)}</Entry>
        {/* Library sync: made on another device, or by a colleague, by the name they chose. */}
        {item.origin ? (
          <Entry label={t('library.madeOnLabel')}>
            <span data-testid="item-origin">{item.origin}</span>
          </Entry>
        ) : null}
        {item.batch ? (
          <Entry label={t('library.batch')}>
            <BatchBadge batch={item.batch} inline />
          </Entry>
        ) : null}
        <Entry label={t('library.viewer.file')}>
          <span className="mono" data-testid="item-file">
            {item.relativePath}
          </span>
        </Entry>
        {/* What the gateway called it: the index keeps the link, the file got a readable name of its own. */}
        {item.remoteUrl ? (
          <Entry label={t('library.viewer.gatewayFile')}>
            <span className="mono" title={item.remoteUrl} data-testid="item-gateway-file">
              {gatewayFileName(item.remoteUrl)}
            </span>
          </Entry>
        ) : null}
        {item.expiresAt !== null ? (
          <Entry label={t('costs.link')}>
            <LinkKept expiresAt={item.expiresAt} />
          </Entry>
        ) : null}
        {item.remoteTaskId ? (
          <Entry label={t('tasks.gatewayId')}>
            <CopyableId
              label={t('tasks.gatewayId')}
              showLabel={false}
              value={item.remoteTaskId}
              copyLabel={t('common.copy')}
              copiedLabel={t('common.copied')}
              onCopyFailed={() => pushToast('error', t('common.copyFailed'))}
            />
          </Entry>
        ) : null}
      </dl>
      <ViewerSettings params={item.params} />
      {children}
      {/* Made from → this → made from this. */}
      {item.taskId ? <MadeFromChain taskId={item.taskId} /> : null}
    </div>
  );
}

/** The last segment of the gateway's link, decoded: the name the gateway gave the file. */
function gatewayFileName(url: string): string {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
    return decodeURIComponent(segment);
  } catch {
    return url;
  }
}

/** A parameter as one line of text: strings as written, everything else as compact JSON. */
function paramText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The request's parameters beside the picture (the prompt is shown above). */
function ViewerSettings({ params }: { params: Record<string, unknown> }): ReactElement | null {
  const { t } = useTranslation();
  const entries = Object.entries(params).filter(([key, value]) => key !== 'prompt' && value !== undefined);
  if (entries.length === 0) return null;
  return (
    <section className="viewer-section" aria-label={t('library.viewer.settings')}>
      <h3>{t('library.viewer.settings')}</h3>
      <dl className="viewer-settings" data-testid="viewer-settings">
        {entries.map(([key, value]) => (
          <Entry key={key} label={key}>
            <span className="mono">{paramText(value)}</span>
          </Entry>
        ))}
      </dl>
    </section>
  );
}
