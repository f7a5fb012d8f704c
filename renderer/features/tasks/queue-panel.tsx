// The submission queue on the Tasks page: what waits (its place, what is ahead of it in time and money, when
// it should start), and the controls: pause and resume, a start time, moves (buttons, a drag onto another item,
// or Alt+ArrowUp/Down from the keyboard: use-queue-drag.ts), cancel one or several, retry a failed one (a
// recipe's step is tried again from its run, which sends the steps after it too). An item never sent says "not
// charged" when cancelled; one already at the gateway is cancelled only after the person confirms that it may
// still be charged.
import { useTaskFamilyLabel } from '../../lib/task-family-label';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { QueueItem, QueueMove, QueueView } from '../../../shared/studio/queue';
import { isActiveState } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { formatDuration, formatRelative } from '../../lib/format';
import { useGatewayCurrency } from '../../lib/api/balance';
import { usdWords, type MoneyShown } from '../../lib/money-shown';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { stopWords } from '../../lib/spend-words';
import { useNow } from '../../lib/use-now';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useQueueControls, useQueueView } from './api/queue';
import { QueueSchedule } from './queue-schedule';
import { stepMove, useQueueDrag } from './use-queue-drag';

type Controls = ReturnType<typeof useQueueControls>;
type DragProps = ReturnType<ReturnType<typeof useQueueDrag>['rowProps']>;

function QueueRow({
  item,
  paused,
  waiting,
  selected,
  onSelect,
  controls,
  onCancel,
  move,
  drag,
  focus,
}: {
  item: QueueItem;
  paused: boolean;
  waiting: readonly QueueItem[];
  selected: boolean;
  onSelect: (on: boolean) => void;
  controls: Controls;
  onCancel: (ids: string[]) => void;
  move: (to: QueueMove) => void;
  drag: DragProps;
  /** A keyboard move just put this row here: its handle takes the focus back. */
  focus: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const shown = useGatewayCurrency() ?? 'usd';
  const now = useNow();
  const pushToast = useStudioStore((s) => s.pushToast);
  const handle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) handle.current?.focus();
  }, [focus, item.position]);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const familyLabel = useTaskFamilyLabel(t)(item.family, item.model);
  const label = item.prompt ?? familyLabel;
  const at = waiting.findIndex((w) => w.id === item.id);
  const up = stepMove(waiting, item.id, -1);
  const down = stepMove(waiting, item.id, 1);
  const isWaiting = item.state === 'waiting';
  const cancellable =
    isWaiting ||
    item.state === 'sending' ||
    item.state === 'failed' ||
    (item.state === 'sent' && item.taskState !== null && isActiveState(item.taskState));
  return (
    <li
      className="queue-item card"
      data-testid="queue-item"
      data-state={item.state}
      aria-label={label}
      {...drag}
    >
      {isWaiting ? (
        <button
          ref={handle}
          type="button"
          className="queue-handle"
          aria-label={t('queue.reorder', { item: label })}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          title={t('queue.reorderHint')}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ) : (
        // The handle's room kept, so every row's checkbox and text line up.
        <span className="queue-handle-space" aria-hidden="true" />
      )}
      {cancellable ? (
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('queue.select', { item: label })}
          onChange={(e) => onSelect(e.target.checked)}
        />
      ) : null}
      <div className="queue-body">
        <div className="queue-top">
          {item.position !== null ? (
            <span className="queue-position" data-testid="queue-position">
              {t('queue.position', { position: item.position })}
            </span>
          ) : (
            <span className="queue-state" data-testid="queue-state">
              {t(`queue.state.${item.state}`)}
              {item.charge ? ` · ${t(`queue.charge.${item.charge}`)}` : ''}
            </span>
          )}
          <span className="task-family">{familyLabel}</span>
          {item.estimateUsd !== null ? (
            <span className="muted">
              {usdWords(item.estimateUsd, shown, 'money.estimate.usd', t, i18n.language)}
            </span>
          ) : null}
        </div>
        {item.prompt ? <p className="task-prompt">{item.prompt}</p> : null}
        {item.recipe ? (
          <p className="muted queue-recipe">
            {t('queue.recipeStep', {
              name: item.recipe.name,
              step: item.recipe.step,
              steps: item.recipe.steps,
            })}
          </p>
        ) : null}
        {isWaiting ? (
          <p className="queue-when muted" data-testid="queue-when">
            {aheadText(item, shown, t, i18n.language)} · {startText(item, paused, now, t, i18n.language)}
          </p>
        ) : null}
        {item.error ? <Alert>{gatewayErrorSentence(item.error, t)}</Alert> : null}
        <div className="task-actions">
          {isWaiting ? (
            <>
              <Button variant="ghost" disabled={at === 0} onClick={() => move('front')}>
                {t('queue.moveFront')}
              </Button>
              <Button variant="ghost" disabled={!up} onClick={() => up && move(up)}>
                {t('queue.moveUp')}
              </Button>
              <Button variant="ghost" disabled={!down} onClick={() => down && move(down)}>
                {t('queue.moveDown')}
              </Button>
              <Button variant="ghost" disabled={at === waiting.length - 1} onClick={() => move('back')}>
                {t('queue.moveBack')}
              </Button>
            </>
          ) : null}
          {!item.recipe &&
          (item.state === 'failed' || (item.state === 'sent' && item.taskState === 'failed')) ? (
            <Button variant="ghost" onClick={() => controls.retry.mutate(item.id, { onError })}>
              {t('queue.retry')}
            </Button>
          ) : null}
          {cancellable ? (
            <Button variant="ghost" onClick={() => onCancel([item.id])}>
              {t('queue.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function aheadText(item: QueueItem, shown: MoneyShown, t: TFunction, language: string): string {
  if (item.position === 1 && !item.aheadSeconds) return t('queue.next');
  const parts: (string | null)[] = [
    item.aheadSeconds !== null ? t('queue.aheadTime', { time: formatDuration(item.aheadSeconds) }) : null,
    item.aheadUsd !== null
      ? t('queue.aheadMoney', { amount: usdWords(item.aheadUsd, shown, 'money.estimate.usd', t, language) })
      : null,
    item.aheadUnknown > 0 ? t('queue.aheadUnknown', { count: item.aheadUnknown }) : null,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

function startText(item: QueueItem, paused: boolean, now: number, t: TFunction, language: string): string {
  if (paused) return t('queue.startsWhenResumed');
  if (item.expectedStartAt === null) return t('queue.startUnknown');
  return t('queue.startsAt', { time: formatRelative(item.expectedStartAt, now, language) });
}

/** Whether the queue runs, and when paused, why and what sends again. */
export function queueStatusLine(view: QueueView, t: TFunction, language: string): string {
  if (!view.paused) return t('queue.running', { count: view.parallel });
  // Worded here from the limits' facts, in the person's language; a pause kept before there were facts (or one
  // with none) has only the core's English sentence, shown as it is.
  const reason = view.pausedFor ? stopWords(view.pausedFor, t, language) : view.pausedReason;
  if (reason === null) return t('queue.paused');
  // A confirmation is answered by the Resume button: the sentence names it as the button reads.
  return view.pausedToConfirm
    ? t('queue.pausedToConfirm', { reason, button: t('queue.resume') })
    : t('queue.pausedBecause', { reason });
}

export function QueuePanel(): ReactElement | null {
  const { t, i18n } = useTranslation();
  const view = useQueueView();
  const controls = useQueueControls();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<string[] | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const data: QueueView | undefined = view.data;
  const waiting = data?.items.filter((i) => i.state === 'waiting') ?? [];
  const move = (id: string, to: QueueMove, from: 'button' | 'drag' | 'keyboard') =>
    controls.move.mutate(
      { id, to },
      {
        onError,
        onSuccess: (after) => {
          // Said aloud: a drag or a key press moves the row away from where the eye (or the reader) was.
          const placed = after.items.find((i) => i.id === id);
          if (placed?.position != null) {
            const item = placed.prompt ?? t(`create.families.${placed.family}`);
            setMoved(t('queue.moved', { item, position: placed.position }));
          }
          setFocusId(from === 'keyboard' ? id : null);
        },
      },
    );
  const drag = useQueueDrag(waiting, move);
  // Shown even when empty: pausing before queueing a night's work is how a person holds it all back.
  if (!data) return null;

  const cancel = (ids: string[], atGateway = false) =>
    controls.cancel.mutate(
      { ids, atGateway },
      {
        onSuccess: (result) => {
          // Selected items that wait for the question stay selected, so "Cancel selected" (the question's
          // opener) stays too and takes the focus back when the question closes; a row's own Cancel selects none.
          setSelected((before) => new Set(result.atGateway.filter((id) => before.has(id))));
          if (result.cancelled.length > 0) {
            pushToast(
              'success',
              atGateway
                ? t('queue.stoppedAtGateway', { count: result.cancelled.length })
                : t('queue.cancelled', { count: result.cancelled.length }),
            );
          }
          setAsking(result.atGateway.length > 0 ? result.atGateway : null);
        },
        onError,
      },
    );

  return (
    <section className="queue" aria-labelledby="queue-title">
      <div className="queue-head">
        <h2 id="queue-title">{t('queue.title')}</h2>
        <span className="muted" data-testid="queue-summary">
          {t('queue.summary', { count: waiting.length })}
        </span>
        {data.paused ? (
          <Button variant="primary" onClick={() => controls.resume.mutate(undefined, { onError })}>
            {t('queue.resume')}
          </Button>
        ) : (
          <Button onClick={() => controls.pause.mutate(undefined, { onError })}>{t('queue.pause')}</Button>
        )}
        {selected.size > 0 ? (
          <Button variant="danger" onClick={() => cancel([...selected])}>
            {t('queue.cancelSelected', { count: selected.size })}
          </Button>
        ) : null}
      </div>
      <p className="muted" data-testid="queue-status" aria-live="polite">
        {queueStatusLine(data, t, i18n.language)}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="queue-moved">
        {moved}
      </p>
      <QueueSchedule startAt={data.startAt} onSet={(at) => controls.schedule.mutate(at, { onError })} />
      <ul className="stack-list">
        {data.items.map((item) => (
          <QueueRow
            key={item.id}
            item={item}
            paused={data.paused}
            waiting={waiting}
            selected={selected.has(item.id)}
            onSelect={(on) =>
              setSelected((before) => {
                const after = new Set(before);
                if (on) after.add(item.id);
                else after.delete(item.id);
                return after;
              })
            }
            controls={controls}
            onCancel={cancel}
            move={(to) => move(item.id, to, 'button')}
            drag={drag.rowProps(item)}
            focus={focusId === item.id}
          />
        ))}
      </ul>
      {asking ? (
        <ConfirmDialog
          title={t('queue.atGatewayTitle')}
          message={t('queue.atGatewayBody', { count: asking.length })}
          confirmLabel={t('queue.atGatewayConfirm')}
          danger
          busy={controls.cancel.isPending}
          onConfirm={() => cancel(asking, true)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
