// The Recipes panel over the real recipe store and the real recipe runner, behind the real bridge router and the
// host's own recipes handlers. Only the engine under the runner is a stand-in (the runner asks it to submit and
// to wait, and this one answers at once: completed with a saved picture, or failed when the prompt says
// [fail]), so the panel shows what a real run's states look like without a gateway. The steps and what each
// takes, the total before sending, a run per prompt line to its end, a run stopped at its failed step with
// that step tried alone, and a recipe made in the editor.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../electron/core/db';
import { RecipeRunner, RecipeStore, type RecipeEngine } from '../../electron/core/recipes';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { recipesHandlers } from '../../electron/host/handlers/recipes';
import type { HostDeps } from '../../electron/host/handlers/host-deps';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { localErrorInfo } from '../../shared/gateway/error-types';
import type { LibraryItem, TaskRecord } from '../../shared/studio/records';
import type { RecipeDraft } from '../../shared/studio/recipes';
import { RecipePanel } from '../../renderer/features/create/recipe-panel';
import { NO_ESTIMATE } from '../../shared/studio/estimates';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

let dir: string;
let db: DatabaseSync;
let recipes: RecipeStore;
let sent: SubmissionRequest[];

const records = new Map<string, TaskRecord>();
/** Answers every submission at once: completed with its one file saved, or failed when its prompt says so. */
const engine: RecipeEngine = {
  async submit(request) {
    sent.push(request);
    const failed = String(request.params.prompt ?? '').includes('[fail]');
    const record: TaskRecord = {
      ...sampleTask,
      id: `task-${sent.length}`,
      family: request.family,
      model: request.model,
      params: request.params,
      state: failed ? 'failed' : 'completed',
      error: failed ? localErrorInfo('task_failed', 'Generation failed upstream.') : null,
      downloads: { ...sampleTask.downloads, total: 1, done: failed ? 0 : 1 },
    };
    records.set(record.id, record);
    return record;
  },
  async waitFor(taskId) {
    const record = records.get(taskId);
    if (!record) throw new Error(`no task ${taskId}`);
    return record;
  },
};

const picture = (taskId: string): LibraryItem =>
  ({ kind: 'image', path: '/lib/p.png', taskId, remoteUrl: 'https://files.example/p.png' }) as LibraryItem;

const toVideo = (videoPrompt: string): RecipeDraft => ({
  name: 'Picture to video',
  steps: [
    { family: 'image.i3', model: 'image_model_id_i3', params: { size: '16:9' } },
    { family: 'video.s', model: 'video_model_id_s', params: { prompt: videoPrompt }, bind: 'image' },
  ],
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recipe-panel-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  recipes = new RecipeStore({ db });
  sent = [];
  records.clear();
  const runner = new RecipeRunner({
    engine: async () => engine,
    itemsOf: async (taskId) => [picture(taskId)],
    asReference: async () => `studio-ref:${'b'.repeat(64)}`,
  });
  serveBridge({
    recipes: recipesHandlers({
      recipes,
      runner,
      session: { connected: () => undefined },
      core: {},
    } as unknown as HostDeps),
    estimates: {
      submissions: async ({ requests }: { requests: SubmissionRequest[] }) => ({
        items: requests.map(() => ({
          ...NO_ESTIMATE,
          usd: 0.27,
          credits: 2.7,
          basis: 'runs',
          observations: 3,
        })),
        totalUsd: 0.27 * requests.length,
        totalCredits: 2.7 * requests.length,
        unknown: 0,
      }),
    },
  });
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const panel = () => screen.getByRole('region', { name: 'Recipes' });

async function choose(name: string) {
  const user = userEvent.setup();
  const select = within(panel()).getByLabelText('Choose a recipe');
  await waitFor(() => expect(within(select).getByRole('option', { name })).toBeInTheDocument());
  await user.selectOptions(select, name);
  return user;
}

describe('RecipePanel', () => {
  it('with no recipe saved, says so in a whole sentence beside a disabled picker, not cut inside it', async () => {
    renderWithStudio(<RecipePanel models={{}} />);
    const sentence = await within(panel()).findByText(
      'No recipes yet: import one, or make one from a library item',
    );
    expect(sentence.tagName).toBe('P');
    const select = within(panel()).getByRole('combobox', { name: 'Choose a recipe' });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription('No recipes yet: import one, or make one from a library item');
    expect(within(select).queryByText(/No recipes yet/)).toBeNull();
  });

  it('shows the steps and the total before sending, and runs the recipe once per prompt line to its end', async () => {
    recipes.save(toVideo('slow push in'));
    renderWithStudio(<RecipePanel models={{}} />);
    const user = await choose('Picture to video');
    const steps = within(panel()).getByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Image I3', 'Video S · takes the picture before']);
    await user.type(within(panel()).getByLabelText(/^Prompts/), 'a fox{Enter}an owl');
    await waitFor(() =>
      expect(within(panel()).getByTestId('recipe-total')).toHaveTextContent(
        /^4 steps ≈ 1\.08\d* USD in all$/,
      ),
    );
    expect(sent).toEqual([]);

    await user.click(within(panel()).getByRole('button', { name: 'Run recipe' }));
    await waitFor(() => expect(within(panel()).getAllByTestId('recipe-run')).toHaveLength(2), {
      timeout: 5_000,
    });
    await waitFor(
      () =>
        within(panel())
          .getAllByTestId('recipe-run')
          .forEach((run) => expect(run).toHaveTextContent('Done: every result is in the library.')),
      { timeout: 5_000 },
    );
    expect(sent.map((r) => [r.family, r.params.prompt])).toEqual([
      ['image.i3', 'a fox'],
      ['image.i3', 'an owl'],
      ['video.s', 'slow push in'],
      ['video.s', 'slow push in'],
    ]);
    expect(sent[2]?.params.image_urls).toEqual([`studio-ref:${'b'.repeat(64)}`]);
  });

  it('a run stopped at its failed step says why, and that step is tried again on its own', async () => {
    recipes.save(toVideo('push in [fail]'));
    renderWithStudio(<RecipePanel models={{}} />);
    const user = await choose('Picture to video');
    // The first step's prompt is the run's: without one, the run is refused before anything is sent.
    await user.type(within(panel()).getByLabelText(/^Prompts/), 'a heron');
    await user.click(within(panel()).getByRole('button', { name: 'Run recipe' }));
    const stopped = await within(panel()).findByRole('alert', {}, { timeout: 5_000 });
    expect(stopped).toHaveTextContent(
      'Stopped at step 2 (Video S): The task failed: Generation failed upstream. Nothing after it was sent.',
    );
    expect(sent.map((r) => r.family)).toEqual(['image.i3', 'video.s']);
    await user.click(within(stopped).getByRole('button', { name: 'Try step 2 again' }));
    await waitFor(() => expect(sent.map((r) => r.family)).toEqual(['image.i3', 'video.s', 'video.s']));
  });

  it('New recipe opens the editor; the recipe saved there is listed, chosen and ready to run', async () => {
    const user = userEvent.setup();
    renderWithStudio(<RecipePanel models={{}} />);
    await user.click(within(panel()).getByRole('button', { name: 'New recipe' }));
    const editor = within(panel()).getByRole('region', { name: 'Recipe editor' });
    await user.type(within(editor).getByLabelText('Recipe name'), 'Two steps');
    await user.click(within(editor).getByRole('button', { name: 'Add a step' }));
    const second = within(editor).getByRole('form', { name: 'Settings of step 2' });
    await user.type(within(second).getByLabelText('Prompt', { exact: true }), 'push in');
    await user.click(within(editor).getByRole('button', { name: 'Save recipe' }));
    await waitFor(() => expect(recipes.list()).toHaveLength(1));
    expect(recipes.list()[0]?.steps).toMatchObject([
      { family: 'image.i3', model: 'image_model_id_i3' },
      { family: 'video.s', bind: 'image', params: { prompt: 'push in' } },
    ]);
    await waitFor(() =>
      expect(within(panel()).getByLabelText('Choose a recipe')).toHaveDisplayValue('Two steps'),
    );
    expect(within(panel()).getByRole('button', { name: 'Run recipe' })).toBeInTheDocument();
  });
});
