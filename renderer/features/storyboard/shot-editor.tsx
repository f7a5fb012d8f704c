// One shot of the board: its video model, prompt with the cast's chips, duration, "continue from the shot
// before" (the shot before's last frame becomes its first, for the models that take frames), an optional end
// frame from the library, and the narration spoken over it. What the shot costs and where its run stands are
// the page's, shown in the slot below the fields.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { familyModels, getField, type ModelConfig } from '../../../shared/catalog';
import type { CastMember } from '../../../shared/studio/cast';
import { Field } from '../../ui/field';
import { Switch } from '../../ui/switch';
import { blankShot, SHOT_FAMILIES, takesFrames, type ShotDraft } from './board-draft';
import { CastChips } from './cast-chips';
import { PicturePicker } from './picture-picker';

export interface ShotEditorProps {
  index: number;
  count: number;
  shot: ShotDraft;
  cast: readonly CastMember[];
  models: ModelConfig;
  onChange: (shot: ShotDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** The shot's price, its run's progress and its buttons. */
  children?: ReactNode;
}

export function ShotEditor(props: ShotEditorProps): ReactElement {
  const { index, count, shot, cast, models, onChange, onMove, onRemove, children } = props;
  const { t } = useTranslation();
  const n = index + 1;
  const prefix = `shot-${shot.key}`;
  const variants = familyModels(shot.family, models);
  const max = getField(shot.family, 'duration')?.max ?? 60;
  const frames = takesFrames(shot.family);
  const set = (patch: Partial<ShotDraft>) => onChange({ ...shot, ...patch });
  return (
    <li className="card card-pad shot" aria-labelledby={`${prefix}-title`} data-testid="shot">
      <div className="shot-head">
        <h3 id={`${prefix}-title`}>{t('storyboard.shot.title', { n })}</h3>
        <div className="shot-tools">
          <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => onMove(-1)}>
            {t('storyboard.shot.up', { n })}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            {t('storyboard.shot.down', { n })}
          </button>
          <button type="button" className="btn btn-small btn-ghost" disabled={count === 1} onClick={onRemove}>
            {t('storyboard.shot.remove', { n })}
          </button>
        </div>
      </div>
      <div className="shot-grid">
        <Field id={`${prefix}-family`} label={t('storyboard.shot.family')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={shot.family}
              onChange={(e) => {
                const family = SHOT_FAMILIES.find((f) => f === e.target.value) ?? shot.family;
                const fresh = blankShot(models, family);
                set({
                  family,
                  model: fresh.model,
                  continuePrevious: shot.continuePrevious && takesFrames(family),
                });
              }}
            >
              {SHOT_FAMILIES.map((f) => (
                <option key={f} value={f}>
                  {t(`create.families.${f}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {variants.length > 1 ? (
          <Field id={`${prefix}-model`} label={t('storyboard.shot.model')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={shot.model}
                onChange={(e) => set({ model: e.target.value })}
              >
                {variants.map((v) => (
                  <option key={v.modelId} value={v.modelId}>
                    {t(`create.variants.${v.key}` as 'create.variants.default', { defaultValue: v.label })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field
          id={`${prefix}-duration`}
          label={t('storyboard.shot.duration')}
          hint={t('storyboard.shot.durationHint', { max })}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              min={1}
              max={max}
              value={shot.duration}
              onChange={(e) =>
                set({ duration: Math.max(1, Math.min(max, Math.round(Number(e.target.value) || 1))) })
              }
            />
          )}
        </Field>
      </div>
      <Field id={`${prefix}-prompt`} label={t('storyboard.shot.prompt')}>
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            rows={2}
            maxLength={4000}
            value={shot.prompt}
            placeholder={t('storyboard.shot.promptPlaceholder')}
            onChange={(e) => set({ prompt: e.target.value })}
          />
        )}
      </Field>
      <CastChips
        family={shot.family}
        prompt={shot.prompt}
        cast={cast}
        onPrompt={(prompt) => set({ prompt })}
        idPrefix={prefix}
      />
      {index > 0 ? (
        <Switch
          id={`${prefix}-continue`}
          label={t('storyboard.shot.continue')}
          hint={
            frames
              ? t('storyboard.shot.continueHint')
              : t('storyboard.shot.noFrames', { family: t(`create.families.${shot.family}`) })
          }
          checked={frames && shot.continuePrevious}
          disabled={!frames}
          onChange={(e) => set({ continuePrevious: e.target.checked })}
        />
      ) : null}
      {frames ? (
        <PicturePicker
          label={t('storyboard.shot.endFrame')}
          chosen={shot.endFrame ? [shot.endFrame] : []}
          max={1}
          onChange={([picture]) => set({ endFrame: picture ?? null })}
        />
      ) : null}
      <Field
        id={`${prefix}-narration`}
        label={t('storyboard.shot.narration')}
        hint={t('storyboard.shot.narrationHint')}
      >
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            rows={2}
            value={shot.narration}
            onChange={(e) => set({ narration: e.target.value })}
          />
        )}
      </Field>
      {children}
    </li>
  );
}
