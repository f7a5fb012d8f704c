// Which board is on screen: the kept boards to open, a new one, its name, Save and Delete.
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedStoryboard } from '../../../shared/studio/saved-storyboard';
import { errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Field } from '../../ui/field';
import { useBoardActions } from './api/storyboards';
import type { BoardDraft } from './board-draft';

export function BoardBar({
  draft,
  boards,
  onName,
  onOpen,
  onNew,
  onSave,
  onDeleted,
}: {
  draft: BoardDraft;
  boards: readonly SavedStoryboard[];
  onName: (name: string) => void;
  onOpen: (board: SavedStoryboard) => void;
  onNew: () => void;
  onSave: () => void;
  onDeleted: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const { remove } = useBoardActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  return (
    <section className="card card-pad board-bar" aria-label={t('storyboard.board')}>
      <div className="shot-grid">
        <Field id={`${id}-open`} label={t('storyboard.open')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={draft.id ?? ''}
              onChange={(e) => {
                const chosen = boards.find((b) => b.id === e.target.value);
                if (chosen) onOpen(chosen);
                else onNew();
              }}
            >
              <option value="">{t('storyboard.newBoard')}</option>
              {boards.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.board.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-name`} label={t('storyboard.name')}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={draft.name}
              maxLength={80}
              onChange={(e) => onName(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="form-actions">
        <button type="button" className="btn" onClick={onSave}>
          {t('storyboard.save')}
        </button>
        {draft.id ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() =>
              void remove
                .mutateAsync(draft.id ?? '')
                .then(onDeleted)
                .catch((e: unknown) => pushToast('error', errorSentence(e, t)))
            }
          >
            {t('storyboard.delete')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
