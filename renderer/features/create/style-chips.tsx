// Styles under the prompt: the ones switched on as chips (× takes one off), a Styles menu to switch any saved
// style on or off, make a new one, and share them as a file; and, while any is on, the prompt exactly as it
// will be sent (the submission composes it with the same applyStyles).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import { applyStyles, type StylePlacement } from '../../../shared/studio/presets';
import { errorSentence } from '../../lib/bridge-error';
import { saveTextFile } from '../../lib/save-text-file';
import { useStudioStore } from '../../store/studio-store';
import { Icon } from '../../ui/icons';
import { JsonFileButton } from '../../ui/json-file-button';
import { PanelToggle, TogglePanel } from '../../ui/panel-toggle';
import { useStyleActions, useStyles } from './api/presets';
import type { FormValues } from './field-control';
import { useActiveStyles } from './style-store';

const PLACEMENTS: StylePlacement[] = ['after', 'before', 'template'];

function NewStyleForm({ onDone }: { onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const { save } = useStyleActions();
  const toggle = useActiveStyles((s) => s.toggle);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [placement, setPlacement] = useState<StylePlacement>('after');
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    try {
      const style = await save.mutateAsync({ style: { name, text, placement } });
      toggle(style);
      onDone();
    } catch (thrown) {
      setError(errorSentence(thrown, t));
    }
  };
  return (
    <div className="style-new" role="group" aria-label={t('styles.newTitle')}>
      <label>
        {t('styles.name')}
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('styles.text')}
        <input
          className="input"
          value={text}
          placeholder={t('styles.textPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label>
        {t('styles.placement')}
        <select
          className="select"
          value={placement}
          onChange={(e) => setPlacement(e.target.value as StylePlacement)}
        >
          {PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {t(`styles.placements.${p}`)}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="style-new-actions">
        <button type="button" className="btn" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void create()}>
          {t('styles.create')}
        </button>
      </div>
    </div>
  );
}

function StylesMenu({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const styles = useStyles();
  const { active, toggle } = useActiveStyles();
  const { exportFile, importFile } = useStyleActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [making, setMaking] = useState(false);
  const share = async () => {
    try {
      const file = await exportFile.mutateAsync();
      saveTextFile(file.fileName, file.text);
    } catch (thrown) {
      pushToast('error', errorSentence(thrown, t));
    }
  };
  return (
    <TogglePanel className="styles-menu card" label={t('styles.title')} onClose={onClose}>
      {(styles.data ?? []).length === 0 && !making ? (
        <p className="styles-empty">{t('styles.empty')}</p>
      ) : null}
      <ul className="styles-list">
        {(styles.data ?? []).map((style) => (
          <li key={style.id}>
            <label className="styles-option">
              <input
                type="checkbox"
                checked={active.some((s) => s.id === style.id)}
                onChange={() => toggle(style)}
              />
              <span className="styles-option-name">{style.name}</span>
              <span className="styles-option-text">{style.text}</span>
            </label>
          </li>
        ))}
      </ul>
      {making ? (
        <NewStyleForm onDone={() => setMaking(false)} />
      ) : (
        <div className="styles-actions">
          <button type="button" className="history-action" onClick={() => setMaking(true)}>
            {t('styles.new')}
          </button>
          <JsonFileButton
            label={t('styles.import')}
            onText={(text) =>
              importFile
                .mutateAsync(text)
                .then((added) => pushToast('success', t('styles.imported', { count: added.length })))
            }
            onError={(thrown) => pushToast('error', errorSentence(thrown, t))}
          />
          <button
            type="button"
            className="history-action"
            disabled={(styles.data ?? []).length === 0}
            onClick={() => void share()}
          >
            {t('styles.export')}
          </button>
        </div>
      )}
    </TogglePanel>
  );
}

export function StyleChips({ control, name }: { control: Control<FormValues>; name: string }): ReactElement {
  const { t } = useTranslation();
  const { active, toggle } = useActiveStyles();
  const [open, setOpen] = useState(false);
  const prompt: unknown = useWatch({ control, name });
  const typed = typeof prompt === 'string' ? prompt : '';
  return (
    <>
      <div className="styles-anchor">
        <PanelToggle open={open} onToggle={() => setOpen(!open)} icon="spark" label={t('styles.open')} />
        {open ? <StylesMenu onClose={() => setOpen(false)} /> : null}
      </div>
      {active.length > 0 ? (
        <ul className="style-chips" aria-label={t('styles.on')}>
          {active.map((style) => (
            <li key={style.id} className="style-chip">
              {style.name}
              <button
                type="button"
                aria-label={t('styles.remove', { name: style.name })}
                onClick={() => toggle(style)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {active.length > 0 ? (
        <p className="style-preview" data-testid="style-preview">
          <span className="style-preview-label">{t('styles.sentAs')}</span>{' '}
          <span>{applyStyles(typed, active)}</span>
        </p>
      ) : null}
    </>
  );
}
