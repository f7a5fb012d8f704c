// The recipe editor: a name and a chain of steps, each a family with its own settings (the family's usual fields,
// drawn by the same FieldControl as Create's form) and, after the first, what it takes from the step before
// (bound into the family's field when the recipe runs, so that field is not shown). Steps are added, moved up or
// down and removed; saving checks the whole recipe with the schema the files and the main process use, and every
// step's request with its family's schema (shared/studio/recipe-check.ts, the main process's own check): a step
// that could never be sent is said before anything is saved, so no run of it pays for the steps before it.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  compactBody,
  defaultValues,
  FAMILIES,
  FAMILY_LIST,
  familyModels,
  submissionModelId,
  type FamilyId,
  type ModelConfig,
} from '../../../shared/catalog';
import {
  bindField,
  bindsAfter,
  MAX_RECIPE_STEPS,
  type Recipe,
  type RecipeBind,
  type RecipeStep,
} from '../../../shared/studio/recipes';
import { recipeProblem } from '../../../shared/studio/recipe-check';
import { errorSentence } from '../../lib/bridge-error';
import { SegmentedField } from '../../ui/segmented-field';
import { useRecipeActions } from './api/recipes';
import { FieldControl, type FormValues } from './field-control';
import './recipe-editor.css';

const CREATABLE = FAMILY_LIST.filter((f) => f.kind !== 'speech');

/** The family a new last step starts as: an S video of the picture when it can, else the first that can follow. */
function nextFamily(last: FamilyId | undefined): FamilyId | undefined {
  return ['video.s' as FamilyId, ...CREATABLE.map((f) => f.id)].find((f) => bindsAfter(last, f).length > 0);
}

interface EditedStep {
  /** Stable across moves, so each step keeps its own form while the list is reordered. */
  key: number;
  family: FamilyId;
  bind: RecipeBind | undefined;
  /** The settings it was opened with; the step's form holds them from then on. */
  initial: Pick<RecipeStep, 'model' | 'params'>;
}

/** The fields a step's form shows: not reference lists (a recipe keeps none), not what the step before fills. */
function shownFields(family: FamilyId, bind: RecipeBind | undefined) {
  const bound = bind ? bindField(family, bind)?.name : undefined;
  return FAMILIES[family].fields.filter(
    (f) =>
      !(f.type === 'urls' && f.media) &&
      f.name !== bound &&
      !(bind === 'track' && f.name === 'audio_index') &&
      f.name !== 'webhook',
  );
}

type Collect = () => Pick<RecipeStep, 'model' | 'params'>;

function StepSettings({
  step,
  index,
  models,
  register: registerCollect,
}: {
  step: EditedStep;
  index: number;
  models: ModelConfig;
  register: (collect: Collect) => void;
}): ReactElement {
  const { t } = useTranslation();
  const variants = familyModels(step.family, models);
  const form = useForm<FormValues>({
    defaultValues: {
      ...defaultValues(step.family),
      ...step.initial.params,
      model: step.initial.model || variants[0]?.modelId || '',
    },
  });
  const model = useWatch({ control: form.control, name: 'model' });
  // The editor asks each step for its settings when it saves, or when the step's form is about to be redrawn.
  useEffect(() => {
    registerCollect(() => {
      const { model: chosen, ...rest } = form.getValues();
      return { model: submissionModelId(step.family, chosen, models), params: compactBody(rest) };
    });
  });
  const prefix = `recipe-step-${step.key}`;
  return (
    <form
      className="recipe-step-settings"
      aria-label={t('recipeEditor.settings', { step: index + 1 })}
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      {variants.length > 1 ? (
        <SegmentedField
          id={`${prefix}-model`}
          name="model"
          label={t('create.model')}
          value={typeof model === 'string' ? model : ''}
          onChange={(v) => form.setValue('model', v)}
          options={variants.map((v) => ({
            value: v.modelId,
            label: t(`create.variants.${v.key}` as 'create.variants.default', { defaultValue: v.label }),
          }))}
        />
      ) : null}
      {shownFields(step.family, step.bind).map((f) => (
        <FieldControl key={f.name} field={f} form={form} idPrefix={prefix} />
      ))}
    </form>
  );
}

export interface RecipeEditorProps {
  /** The recipe to change; null makes a new one. */
  recipe: Recipe | null;
  models: ModelConfig;
  onSaved: (recipe: Recipe) => void;
  onClose: () => void;
}

export function RecipeEditor({ recipe, models, onSaved, onClose }: RecipeEditorProps): ReactElement {
  const { t } = useTranslation();
  const { save } = useRecipeActions();
  // Step keys: a counter outside render's reads (a new step or a new family takes the next one).
  const [keys] = useState(() => ({
    last: 0,
    next() {
      return (this.last += 1);
    },
  }));
  const newKey = () => keys.next();
  const [name, setName] = useState(recipe?.name ?? '');
  const [steps, setSteps] = useState<EditedStep[]>(() =>
    (recipe?.steps ?? [{ family: 'image.i3' as FamilyId, model: '', params: {} }]).map((s) => ({
      key: newKey(),
      family: s.family,
      bind: 'bind' in s ? s.bind : undefined,
      initial: { model: s.model, params: s.params },
    })),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const collectors = useRef(new Map<number, Collect>());

  /** The step with what its form holds now: its form is redrawn when what it takes changes. */
  const withSettings = (s: EditedStep, bind: RecipeBind | undefined): EditedStep => ({
    ...s,
    bind,
    initial: collectors.current.get(s.key)?.() ?? s.initial,
  });
  const takes = (key: number, bind: RecipeBind) =>
    setSteps((all) => all.map((s) => (s.key === key ? withSettings(s, bind) : s)));
  /** A step's place changed: the first takes nothing, a later one takes what its family can. */
  const rebound = (list: EditedStep[]) =>
    list.map((s, i) => {
      const binds = bindsAfter(list[i - 1]?.family, s.family);
      const bind = i === 0 ? undefined : s.bind && binds.includes(s.bind) ? s.bind : binds[0];
      return bind === s.bind ? s : withSettings(s, bind);
    });
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return rebound(next);
    });
  const remove = (key: number) => {
    collectors.current.delete(key);
    setSteps((all) => rebound(all.filter((s) => s.key !== key)));
  };
  const add = () =>
    setSteps((all) => {
      const last = all[all.length - 1]?.family;
      const family = nextFamily(last);
      if (!family) return all;
      return [
        ...all,
        { key: newKey(), family, bind: bindsAfter(last, family)[0], initial: { model: '', params: {} } },
      ];
    });
  const chooseFamily = (step: EditedStep, index: number, family: FamilyId) => {
    // A new family is a new form: its own defaults, its own settings.
    collectors.current.delete(step.key);
    setSteps((all) =>
      all.map((s) =>
        s.key === step.key
          ? {
              key: newKey(),
              family,
              bind: index === 0 ? undefined : bindsAfter(all[index - 1]?.family, family)[0],
              initial: { model: '', params: {} },
            }
          : s,
      ),
    );
  };

  const saveRecipe = async () => {
    setFailure(null);
    try {
      const drafted = steps.map((s) => ({
        family: s.family,
        ...(collectors.current.get(s.key)?.() ?? s.initial),
        ...(s.bind ? { bind: s.bind } : {}),
      }));
      const problem = recipeProblem({ name: name.trim(), steps: drafted });
      if (problem) {
        setFailure(
          t('recipeEditor.stepProblem', {
            step: problem.step + 1,
            family: t(`create.families.${problem.familyId}`),
            detail: problem.detail.replace(/[.\s]+$/, ''),
          }),
        );
        return;
      }
      const saved = await save.mutateAsync({
        ...(recipe ? { id: recipe.id } : {}),
        recipe: { name: name.trim(), steps: drafted },
      });
      onSaved(saved);
    } catch (thrown) {
      setFailure(errorSentence(thrown, t));
    }
  };

  return (
    <section className="recipe-editor" aria-label={t('recipeEditor.title')}>
      <label className="recipe-editor-name">
        {t('recipeEditor.name')}
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <p className="field-hint">{t('recipeEditor.promptHint')}</p>
      <ol className="stack-list">
        {steps.map((step, i) => {
          const number = i + 1;
          // What this step may take: what its family takes of what the step before makes (the catalog's results).
          const previous = steps[i - 1]?.family;
          const binds = bindsAfter(previous, step.family);
          return (
            <li
              key={step.key}
              className="recipe-editor-step"
              aria-label={t('recipeEditor.step', { step: number })}
            >
              <div className="recipe-editor-step-head">
                <strong>{t('recipeEditor.step', { step: number })}</strong>
                <button
                  type="button"
                  className="history-action"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  {t('recipeEditor.moveUp', { step: number })}
                </button>
                <button
                  type="button"
                  className="history-action"
                  disabled={i === steps.length - 1}
                  onClick={() => move(i, 1)}
                >
                  {t('recipeEditor.moveDown', { step: number })}
                </button>
                <button
                  type="button"
                  className="history-action history-action-danger"
                  disabled={steps.length === 1}
                  onClick={() => remove(step.key)}
                >
                  {t('recipeEditor.remove', { step: number })}
                </button>
              </div>
              <label className="recipe-editor-pick">
                {t('recipeEditor.family', { step: number })}
                <select
                  className="select"
                  value={step.family}
                  onChange={(e) => chooseFamily(step, i, e.target.value as FamilyId)}
                >
                  {/* A later step must take something of the one before. */}
                  {CREATABLE.filter((f) => f.id === step.family || bindsAfter(previous, f.id).length > 0).map(
                    (f) => (
                      <option key={f.id} value={f.id}>
                        {t(`create.families.${f.id}`)}
                      </option>
                    ),
                  )}
                </select>
              </label>
              {i > 0 ? (
                <label className="recipe-editor-pick">
                  {t('recipeEditor.takes', { step: number })}
                  <select
                    className="select"
                    value={step.bind ?? ''}
                    onChange={(e) => takes(step.key, e.target.value as RecipeBind)}
                  >
                    {binds.map((b) => (
                      <option key={b} value={b}>
                        {t(`recipes.bind.${b}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <StepSettings
                key={`${step.key}:${step.bind ?? ''}`}
                step={step}
                index={i}
                models={models}
                register={(collect) => {
                  collectors.current.set(step.key, collect);
                }}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={steps.length >= MAX_RECIPE_STEPS || !nextFamily(steps[steps.length - 1]?.family)}
        onClick={add}
      >
        {t('recipeEditor.add')}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="recipe-editor-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!name.trim() || save.isPending}
          onClick={() => void saveRecipe()}
        >
          {t('recipeEditor.save')}
        </button>
      </div>
    </section>
  );
}
