// Storyboard: a short film written down as shots (each a video model with prompt, duration, cast, "continue
// from the shot before", an end frame and narration), with a music bed, one price for the whole board before
// anything is sent, Run all or a shot alone, each shot's progress from the run's events, and the cut playing
// here once it is made. The cast (characters, products, places with their pictures and voice) is edited beside.
import { useDeferredValue, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { modelConfigFromOverrides } from '../../../shared/catalog';
import { askThenSend } from '../../../shared/studio/press';
import type { SpendCheck } from '../../../shared/studio/spending';
import { MAX_SHOTS } from '../../../shared/studio/storyboard';
import { useSettings } from '../../lib/api/settings';
import { errorSentence } from '../../lib/bridge-error';
import { useSpendQuestion } from '../../lib/spend-question';
import { useStudioStore } from '../../store/studio-store';
import { Page } from '../../ui/page';
import {
  checkBoard,
  checkRetry,
  useBoardActions,
  useBoardPrice,
  useBoardRuns,
  useBoards,
  useCast,
} from './api/storyboards';
import { blankBoard, blankShot, boardOf, draftOf, takesFrames, type BoardDraft } from './board-draft';
import { BoardBar } from './board-bar';
import { BoardRunPanel } from './board-run';
import { BoardSound } from './board-sound';
import { CastEditor } from './cast-editor';
import { ShotEditor } from './shot-editor';
import { ShotProgress } from './shot-progress';
import './storyboard.css';

export function StoryboardPage(): ReactElement {
  const { t } = useTranslation();
  const overrides = useSettings().data?.modelOverrides;
  const models = useMemo(() => modelConfigFromOverrides(overrides ?? {}), [overrides]);
  const cast = useCast().data ?? [];
  const boards = useBoards();
  const actions = useBoardActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  const spendQuestion = useSpendQuestion();
  const [draft, setDraft] = useState<BoardDraft>(() => blankBoard(models, t('storyboard.untitled')));
  const [failure, setFailure] = useState<string | null>(null);
  // The kept board's id as the presses read it (a measure and its send may both come before a re-render).
  const savedId = useRef<string | null>(null);
  const show = (next: BoardDraft) => {
    savedId.current = next.id;
    setDraft(next);
  };
  const board = useDeferredValue(useMemo(() => boardOf(draft), [draft]));
  const price = useBoardPrice(board);
  const runs = useBoardRuns(draft.id).data ?? [];
  const busy = actions.run.isPending || actions.retry.isPending || actions.save.isPending;
  const change = (patch: Partial<BoardDraft>) => setDraft((d) => ({ ...d, ...patch }));

  /** Keeps the board as it stands (a new one gets its id), so a run sends exactly what is on screen. */
  const persist = async (): Promise<string> => {
    const saved = await actions.save.mutateAsync({
      ...(savedId.current ? { id: savedId.current } : {}),
      board: boardOf(draft),
    });
    savedId.current = saved.id;
    setDraft((d) => ({ ...d, id: saved.id }));
    return saved.id;
  };
  /** The spend question first, as for any press that spends; then the press. */
  const press = async (
    measure: () => Promise<SpendCheck>,
    send: (confirmed: boolean) => Promise<unknown>,
  ) => {
    setFailure(null);
    const outcome = await askThenSend(spendQuestion.decide, measure, send);
    if (outcome.status === 'stopped' && outcome.failure) setFailure(outcome.failure);
    if (outcome.status === 'failed') setFailure(errorSentence(outcome.error, t));
  };
  const runAll = () =>
    press(
      async () => checkBoard(await persist()),
      (confirmed) => actions.run.mutateAsync({ id: savedId.current ?? '', confirmed }),
    );
  const runShot = (shot: number) =>
    press(
      async () => checkBoard(await persist(), shot),
      (confirmed) => actions.run.mutateAsync({ id: savedId.current ?? '', shot, confirmed }),
    );
  const retry = (runId: string) =>
    press(
      () => checkRetry(runId),
      (confirmed) => actions.retry.mutateAsync({ runId, confirmed }),
    );
  const cancel = (runId: string) =>
    void actions.cancel
      .mutateAsync(runId)
      .then(() => pushToast('success', t('storyboard.run.cancelled')))
      .catch((e: unknown) => pushToast('error', errorSentence(e, t)));

  const setShots = (shots: BoardDraft['shots']) => change({ shots });
  const priceError = price.error ? errorSentence(price.error, t) : null;
  return (
    <Page title={t('storyboard.title')} subtitle={t('storyboard.subtitle')} wide>
      <div className="storyboard-layout">
        <div className="storyboard-main">
          <BoardBar
            draft={draft}
            boards={boards.data ?? []}
            onName={(name) => change({ name })}
            onOpen={(saved) => show(draftOf(saved.id, saved.board))}
            onNew={() => show(blankBoard(models, t('storyboard.untitled')))}
            onSave={() =>
              void persist()
                .then(() => pushToast('success', t('storyboard.saved', { name: draft.name })))
                .catch((e: unknown) => setFailure(errorSentence(e, t)))
            }
            onDeleted={() => show(blankBoard(models, t('storyboard.untitled')))}
          />
          <ol className="shot-list" aria-label={t('storyboard.shots')}>
            {draft.shots.map((shot, i) => (
              <ShotEditor
                key={shot.key}
                index={i}
                count={draft.shots.length}
                shot={shot}
                cast={cast}
                models={models}
                onChange={(next) => setShots(draft.shots.map((s) => (s.key === shot.key ? next : s)))}
                onMove={(by) => {
                  const next = [...draft.shots];
                  next.splice(i, 1);
                  next.splice(i + by, 0, shot);
                  setShots(next);
                }}
                onRemove={() => setShots(draft.shots.filter((s) => s.key !== shot.key))}
              >
                <ShotProgress
                  index={i}
                  runs={runs}
                  continues={i > 0 && shot.continuePrevious && takesFrames(shot.family)}
                  estimate={price.data?.parts.find((p) => p.kind === 'shot' && p.shot === i)?.estimate}
                  busy={busy || priceError !== null}
                  onRun={() => void runShot(i)}
                  onRetry={(runId) => void retry(runId)}
                />
              </ShotEditor>
            ))}
          </ol>
          <button
            type="button"
            className="btn"
            disabled={draft.shots.length >= MAX_SHOTS}
            onClick={() => setShots([...draft.shots, blankShot(models, draft.shots.at(-1)?.family)])}
          >
            {t('storyboard.addShot')}
          </button>
          <BoardSound draft={draft} models={models} onChange={change} />
        </div>
        <aside className="storyboard-side" aria-label={t('storyboard.side')}>
          <BoardRunPanel
            price={price.data}
            priceError={priceError}
            runs={runs}
            busy={busy}
            failure={failure}
            onRunAll={() => void runAll()}
            onCancel={cancel}
          />
          <CastEditor />
        </aside>
      </div>
      {spendQuestion.dialog}
    </Page>
  );
}
