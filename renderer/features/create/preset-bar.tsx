// Presets on Create: pick one (this family's first, then the others') and apply it in one click; save the form
// as a preset (references only when asked); rename, update from the form, delete, export and import. A preset
// of another family opens that family's form. When the prompt was edited, applying asks whether to keep it.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './presets.css';
import type { UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { compactBody, submissionModelId, type FamilyId, type ModelConfig } from '../../../shared/catalog';
import { shareableParams, type Preset } from '../../../shared/studio/presets';
import { containsReference } from '../../../shared/studio/references';
import { errorSentence } from '../../lib/bridge-error';
import { saveTextFile } from '../../lib/save-text-file';
import { useStudioStore } from '../../store/studio-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { JsonFileButton } from '../../ui/json-file-button';
import { ExportDeleteButtons } from './export-delete-buttons';
import { SavedPicker } from './saved-picker';
import { usePresetActions, usePresets } from './api/presets';
import type { FormValues } from './field-control';

export interface PresetBarProps {
  family: FamilyId;
  models: ModelConfig;
  form: UseFormReturn<FormValues>;
}

/** Applies a preset: its family's form with its model and parameters (the form's own prompt kept if asked). */
export function useApplyPreset() {
  const setDraft = useStudioStore((s) => s.setDraft);
  const [, navigate] = useLocation();
  return (preset: Pick<Preset, 'family' | 'model' | 'params'>, keepPrompt?: string) => {
    const values = keepPrompt === undefined ? preset.params : { ...preset.params, prompt: keepPrompt };
    setDraft({ family: preset.family, model: preset.model, values, replace: true, editOf: null });
    navigate(`/create/${preset.family}`);
  };
}

export function PresetBar({ family, models, form }: PresetBarProps): ReactElement {
  const { t } = useTranslation();
  const presets = usePresets();
  const actions = usePresetActions();
  const apply = useApplyPreset();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [chosen, setChosen] = useState('');
  const [naming, setNaming] = useState<'save' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const [withRefs, setWithRefs] = useState(false);
  const [asking, setAsking] = useState<Preset | null>(null);
  const all = presets.data ?? [];
  const mine = all.filter((p) => p.family === family);
  const others = all.filter((p) => p.family !== family);
  const current = all.find((p) => p.id === chosen) ?? null;
  // A name another preset has (letter case aside, as the studio tells presets apart) is said beside the field
  // before anything is sent, naming that preset as it is written; the core refuses it too (preset-store.ts).
  const renaming = naming === 'rename' ? current?.id : undefined;
  const taken = all.find(
    (p) => p.id !== renaming && p.name.trim().toLowerCase() === name.trim().toLowerCase(),
  );
  const nameError = naming && taken && name.trim() ? t('presets.nameTaken', { name: taken.name }) : null;

  const fail = (thrown: unknown) => pushToast('error', errorSentence(thrown, t));
  /** The form as a preset's settings: model id and parameters; never the webhook, references if asked. */
  const formSettings = () => {
    const { model, webhook: _webhook, ...rest } = form.getValues();
    const params = compactBody(rest);
    return {
      model: submissionModelId(family, model, models),
      params: withRefs ? params : shareableParams(params),
    };
  };
  const applyChosen = () => {
    if (!current) return;
    const prompt: unknown = form.getValues('prompt');
    const edited = form.getFieldState('prompt').isDirty && typeof prompt === 'string' && prompt.trim() !== '';
    if (edited && typeof current.params.prompt === 'string' && current.params.prompt !== prompt) {
      setAsking(current);
      return;
    }
    apply(current, edited && typeof prompt === 'string' ? prompt : undefined);
  };
  const submitName = async () => {
    if (nameError) return;
    try {
      if (naming === 'save') {
        const saved = await actions.save.mutateAsync({ name, family, ...formSettings() });
        setChosen(saved.id);
        pushToast('success', t('presets.saved', { name: saved.name }));
      } else if (current) {
        await actions.update.mutateAsync({ id: current.id, name });
      }
      setNaming(null);
    } catch (thrown) {
      fail(thrown);
    }
  };
  const hasRefs = containsReference(compactBody(form.getValues()) as Parameters<typeof containsReference>[0]);

  return (
    <div className="preset-bar" role="group" aria-label={t('presets.title')}>
      <div className="preset-row">
        <SavedPicker
          label={t('presets.choose')}
          noneLabel={t('presets.none')}
          empty={all.length === 0}
          value={chosen}
          onChange={setChosen}
        >
          {mine.length > 0 ? (
            <optgroup label={t('presets.thisFamily')}>
              {mine.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label={t('presets.otherFamilies')}>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {`${p.name} · ${t(`create.families.${p.family}`)}`}
                </option>
              ))}
            </optgroup>
          ) : null}
        </SavedPicker>
        <button type="button" className="btn" disabled={!current} onClick={applyChosen}>
          {t('presets.apply')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setName('');
            setNaming('save');
          }}
        >
          {t('presets.save')}
        </button>
      </div>
      {current ? (
        <div className="preset-row preset-manage">
          <button
            type="button"
            className="history-action"
            onClick={() => {
              setName(current.name);
              setNaming('rename');
            }}
          >
            {t('presets.rename')}
          </button>
          <button
            type="button"
            className="history-action"
            disabled={current.family !== family}
            onClick={() =>
              void actions.update
                .mutateAsync({ id: current.id, ...formSettings() })
                .then(() => pushToast('success', t('presets.updated', { name: current.name })), fail)
            }
          >
            {t('presets.update')}
          </button>
          <ExportDeleteButtons
            exportLabel={t('presets.export')}
            deleteLabel={t('presets.delete')}
            exportFile={() => actions.exportFile.mutateAsync([current.id])}
            remove={() => actions.remove.mutateAsync(current.id)}
            onRemoved={() => setChosen('')}
            fail={fail}
          />
        </div>
      ) : null}
      {naming ? (
        <div className={nameError ? 'preset-row preset-name has-error' : 'preset-row preset-name'}>
          <label>
            {t('presets.name')}
            <input
              className="input"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'preset-name-error' : undefined}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void submitName();
                }
              }}
            />
          </label>
          {naming === 'save' && hasRefs ? (
            <label className="preset-refs">
              <input type="checkbox" checked={withRefs} onChange={(e) => setWithRefs(e.target.checked)} />
              {t('presets.withReferences')}
            </label>
          ) : null}
          <button type="button" className="btn" onClick={() => setNaming(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!name.trim()}
            onClick={() => void submitName()}
          >
            {naming === 'save' ? t('presets.saveConfirm') : t('presets.renameConfirm')}
          </button>
          {nameError ? (
            <p className="field-error preset-name-error" id="preset-name-error" role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="preset-row preset-files">
        <JsonFileButton
          label={t('presets.import')}
          onText={(text) =>
            actions.importFile
              .mutateAsync(text)
              .then((added) => pushToast('success', t('presets.imported', { count: added.length })))
          }
          onError={fail}
        />
        <button
          type="button"
          className="history-action"
          disabled={all.length === 0}
          onClick={() =>
            void actions.exportFile.mutateAsync(undefined).then((f) => saveTextFile(f.fileName, f.text), fail)
          }
        >
          {t('presets.exportAll')}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('presets.keepTitle')}
          message={t('presets.keepBody')}
          confirmLabel={t('presets.usePresetPrompt')}
          cancelLabel={t('presets.keepMine')}
          onConfirm={() => {
            setAsking(null);
            apply(asking);
          }}
          onCancel={() => {
            const prompt: unknown = form.getValues('prompt');
            setAsking(null);
            apply(asking, typeof prompt === 'string' ? prompt : undefined);
          }}
        />
      ) : null}
    </div>
  );
}

/** A preset file dropped onto Create: its presets are kept and the first is applied at once. */
export function usePresetFileDrop(): (file: File) => Promise<void> {
  const { t } = useTranslation();
  const { importFile } = usePresetActions();
  const apply = useApplyPreset();
  const pushToast = useStudioStore((s) => s.pushToast);
  return async (file) => {
    try {
      const added = await importFile.mutateAsync(await file.text());
      const first = added[0];
      if (first) apply(first);
      pushToast('success', t('presets.dropped', { name: file.name, count: added.length }));
    } catch (thrown) {
      pushToast('error', errorSentence(thrown, t));
    }
  };
}
