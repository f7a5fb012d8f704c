// Recipes on Create: pick a saved recipe (or import one), see its steps and what each takes from the one
// before, type its prompts (one per line runs it over a batch), read the total of every step before anything is
// sent, run it in one press (the confirmation threshold and budgets measure the whole recipe), and follow each
// run with one progress bar; a run that stopped at a step says why and offers that step again on its own (asked
// about first, as any press that spends).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipeRun } from '../../../shared/studio/recipes';
import { askThenSend as askSpendingThenSend, promptLines } from '../../../shared/studio/press';
import type { SpendCheck } from '../../../shared/studio/spending';
import { checkSpending } from '../../lib/api/spending';
import { errorSentence } from '../../lib/bridge-error';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { moneyWords } from '../../lib/spend-words';
import { useStudioStore } from '../../store/studio-store';
import { JsonFileButton } from '../../ui/json-file-button';
import { ExportDeleteButtons } from './export-delete-buttons';
import { SavedPicker } from './saved-picker';
import { ProgressBar } from '../../ui/progress-bar';
import { useSubmissionEstimate } from './api/get-submission-estimate';
import { retryRequests, useRecipeActions, useRecipeRequests, useRecipeRuns, useRecipes } from './api/recipes';
import type { ModelConfig } from '../../../shared/catalog';
import type { Recipe } from '../../../shared/studio/recipes';
import { RecipeEditor } from './recipe-editor';
import { useSpendQuestion } from '../../lib/spend-question';
import { useMoneyUnit } from '../../ui/cost-text';

/** Asks the spend question about what a press would send (shared/studio/press.ts), then sends with the answer. */
type AskThenSend = (
  measure: () => Promise<SpendCheck>,
  send: (confirmed: boolean) => Promise<unknown>,
  fail: (sentence: string) => void,
) => Promise<void>;

function RunProgress({ run, askThenSend }: { run: RecipeRun; askThenSend: AskThenSend }): ReactElement {
  const { t } = useTranslation();
  const { retry, cancel } = useRecipeActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  const done = run.steps.filter((s) => s.state === 'completed').length;
  const failed = run.failedAt !== null ? run.steps[run.failedAt] : undefined;
  const queued = run.steps.findIndex((s) => s.state === 'queued');
  return (
    <li className="recipe-run" data-testid="recipe-run">
      <p className="recipe-run-title">
        {run.prompt ?? run.name} · {t('recipes.progress', { done, total: run.steps.length })}
      </p>
      <ProgressBar
        value={(done / run.steps.length) * 100}
        label={t('recipes.progressLabel', { name: run.name })}
        tone={run.state === 'failed' ? 'failed' : run.state === 'completed' ? 'done' : 'active'}
      />
      {queued >= 0 ? <p className="muted">{t('recipes.queued', { step: queued + 1 })}</p> : null}
      {run.state === 'running' ? (
        <button
          type="button"
          className="btn"
          onClick={() =>
            void cancel
              .mutateAsync(run.id)
              .then(() => pushToast('success', t('recipes.cancelled')))
              .catch((thrown: unknown) => pushToast('error', errorSentence(thrown, t)))
          }
        >
          {t('recipes.cancel')}
        </button>
      ) : null}
      {failed && run.failedAt !== null ? (
        <div className="recipe-failed" role="alert">
          <p>
            {t('recipes.stopped', {
              step: run.failedAt + 1,
              family: t(`create.families.${failed.family}`),
              reason: failed.error ? gatewayErrorSentence(failed.error, t) : '',
            })}
          </p>
          <button
            type="button"
            className="btn"
            disabled={retry.isPending}
            // The step goes alone, as a new paid task: measured and asked about as a press of Generate is.
            onClick={() =>
              void askThenSend(
                () => retryRequests(run.id).then(checkSpending),
                (confirmed) => retry.mutateAsync({ id: run.id, confirmed }),
                (sentence) => pushToast('error', sentence),
              )
            }
          >
            {t('recipes.retryStep', { step: run.failedAt + 1 })}
          </button>
        </div>
      ) : null}
      {run.state === 'completed' ? <p className="recipe-done">{t('recipes.done')}</p> : null}
    </li>
  );
}

export function RecipePanel({ models }: { models: ModelConfig }): ReactElement {
  const { t, i18n } = useTranslation();
  const recipes = useRecipes();
  const runs = useRecipeRuns();
  const actions = useRecipeActions();
  const unit = useMoneyUnit();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const spendQuestion = useSpendQuestion();
  // The editor, open on a recipe or on a new one ('new'); it takes the panel's place while open.
  const [editing, setEditing] = useState<Recipe | 'new' | null>(null);
  const all = recipes.data ?? [];
  const recipe = all.find((r) => r.id === chosen) ?? null;
  // One run per prompt line, the rule of a batch on the form (shared/studio/press.ts).
  const prompts = promptLines(text);
  const requests = useRecipeRequests(recipe?.id ?? null, prompts);
  const estimate = useSubmissionEstimate(requests.data ?? null);
  const fail = (thrown: unknown) => pushToast('error', errorSentence(thrown, t));

  // The same question as a press of Generate (a price to assume typed for a step with no estimate included)
  // before anything a press here sends: Run measures every step of the recipe, a retry its one step.
  const askThenSend: AskThenSend = async (measure, send, failWith) => {
    const outcome = await askSpendingThenSend(spendQuestion.decide, measure, send);
    if (outcome.status === 'stopped' && outcome.failure) failWith(outcome.failure);
    if (outcome.status === 'failed') failWith(errorSentence(outcome.error, t));
  };

  const start = async () => {
    if (!recipe || !requests.data) return;
    setFailure(null);
    const steps = requests.data;
    await askThenSend(
      () => checkSpending(steps),
      (confirmed) =>
        actions.run.mutateAsync({ id: recipe.id, ...(prompts.length ? { prompts } : {}), confirmed }),
      setFailure,
    );
  };

  const total = estimate.data;
  if (editing) {
    return (
      <section className="card card-pad recipe-panel" aria-labelledby="recipe-panel-title">
        <h2 id="recipe-panel-title" className="recipe-title">
          {t('recipes.title')}
        </h2>
        <RecipeEditor
          recipe={editing === 'new' ? null : editing}
          models={models}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setChosen(saved.id);
            pushToast('success', t('recipes.saved', { name: saved.name }));
          }}
        />
      </section>
    );
  }
  return (
    <section className="card card-pad recipe-panel" aria-labelledby="recipe-panel-title">
      <h2 id="recipe-panel-title" className="recipe-title">
        {t('recipes.title')}
      </h2>
      <div className="preset-row">
        <SavedPicker
          label={t('recipes.choose')}
          noneLabel={t('recipes.none')}
          empty={all.length === 0}
          value={chosen}
          onChange={setChosen}
        >
          {all.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SavedPicker>
      </div>
      <div className="preset-row preset-files">
        <button type="button" className="history-action" onClick={() => setEditing('new')}>
          {t('recipes.new')}
        </button>
        <JsonFileButton
          label={t('recipes.import')}
          onText={(body) =>
            actions.importFile.mutateAsync(body).then((added) => {
              setChosen(added.id);
              pushToast('success', t('recipes.imported', { name: added.name }));
            })
          }
          onError={fail}
        />
        {recipe ? (
          <>
            <button type="button" className="history-action" onClick={() => setEditing(recipe)}>
              {t('recipes.edit')}
            </button>
            <ExportDeleteButtons
              exportLabel={t('recipes.export')}
              deleteLabel={t('recipes.delete')}
              exportFile={() => actions.exportFile.mutateAsync(recipe.id)}
              remove={() => actions.remove.mutateAsync(recipe.id)}
              onRemoved={() => setChosen('')}
              fail={fail}
            />
          </>
        ) : null}
      </div>
      {recipe ? (
        <>
          <ol className="recipe-steps" aria-label={t('recipes.steps')}>
            {recipe.steps.map((step, i) => (
              <li key={i}>
                {t(`create.families.${step.family}`)}
                {step.bind ? <span className="recipe-bind"> · {t(`recipes.bind.${step.bind}`)}</span> : null}
              </li>
            ))}
          </ol>
          <label className="recipe-prompts">
            {t('recipes.prompts')}
            <textarea
              className="textarea"
              rows={2}
              value={text}
              placeholder={t('recipes.promptsPlaceholder')}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <p className="recipe-total" data-testid="recipe-total">
            {total && total.totalUsd !== null
              ? t('recipes.total', {
                  count: requests.data?.length ?? 0,
                  amount: moneyWords(
                    unit === 'credits' ? (total.totalCredits ?? 0) : total.totalUsd,
                    unit,
                    t,
                    i18n.language,
                  ),
                })
              : t('recipes.totalUnknown', { count: requests.data?.length ?? 0 })}
          </p>
          {failure ? (
            <p className="field-error" role="alert">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={!requests.data || actions.run.isPending}
            onClick={() => void start()}
          >
            {t('recipes.run')}
          </button>
        </>
      ) : null}
      {(runs.data ?? []).length > 0 ? (
        <ul className="recipe-runs" aria-label={t('recipes.runs')}>
          {(runs.data ?? []).slice(0, 5).map((run) => (
            <RunProgress key={run.id} run={run} askThenSend={askThenSend} />
          ))}
        </ul>
      ) : null}
      {spendQuestion.dialog}
    </section>
  );
}
