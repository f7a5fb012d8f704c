// Saved recipes and their files: saved and found by id or name, changed in place under the same id, exported
// without the webhook, and a file that is not a recipe refused whole with the sentence every studio file uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { RecipeStore } from '../../../electron/core/recipes/recipe-store';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { RECIPE_FILE_FORMAT, RECIPE_FILE_VERSION, type RecipeDraft } from '../../../shared/studio/recipes';

let dir: string;
let db: DatabaseSync;
let clock: ManualClock;
let store: RecipeStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'recipes-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  clock = new ManualClock(1_700_000_000_000);
  store = new RecipeStore({ db, clock });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const pictureToVideo: RecipeDraft = {
  name: 'Picture to video',
  steps: [
    {
      family: 'image.i1',
      model: 'image_model_id_i1',
      params: { prompt: '{prompt}', webhook: 'https://hook/' },
    },
    { family: 'video.s', model: 'video_model_id_s', params: { prompt: 'slow push in' }, bind: 'image' },
  ],
};

describe('RecipeStore', () => {
  it('saves a recipe, finds it by id or by name in any case, and changes it in place', async () => {
    const saved = store.save(pictureToVideo);
    expect(store.find(saved.id)).toEqual(saved);
    expect(store.find('picture TO video')).toEqual(saved);
    await clock.advance(1000);
    const renamed = store.save({ ...pictureToVideo, name: 'Still to motion' }, saved.id);
    expect(store.list()).toEqual([renamed]);
    expect(renamed.updatedAt).toBe(saved.updatedAt + 1000);
  });

  it('exports a file without the webhook that imports back as a new recipe', () => {
    const saved = store.save(pictureToVideo);
    const file = store.exportFile(saved.id);
    expect(file.format).toBe(RECIPE_FILE_FORMAT);
    expect(file.recipe.steps[0]?.params).toEqual({ prompt: '{prompt}' });
    const imported = store.importFile(JSON.stringify(file));
    expect(imported.id).not.toBe(saved.id);
    expect(imported.steps).toEqual(file.recipe.steps);
    expect(store.list()).toHaveLength(2);
  });

  it('refuses a file that is not a recipe, naming its first problem, and keeps nothing', () => {
    expect(() => store.importFile('{ nope')).toThrow(
      'This is not a recipe file Gateway Studio can read (it is not JSON).',
    );
    const noSteps = {
      format: RECIPE_FILE_FORMAT,
      version: RECIPE_FILE_VERSION,
      recipe: { name: 'x', steps: [] },
    };
    expect(() => store.importFile(JSON.stringify(noSteps))).toThrow(/can read \(recipe\.steps: /);
    expect(() => store.find('missing')).toThrow('No recipe named missing.');
    expect(store.list()).toEqual([]);
  });
});

// The editor saved a step whose required prompt was empty; running it charged step 1, then stopped
// locally at step 2. A recipe is checked whole (every step's schema, every binding) before it is saved.
describe('a recipe checked whole', () => {
  const emptyStepTwo: RecipeDraft = {
    name: 'Cannot finish',
    steps: [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: '{prompt}' } },
      { family: 'video.v2', model: 'video_model_id_v2', params: { prompt: '' }, bind: 'image' },
    ],
  };
  const sentence =
    'Step 2 (Video V2 (reference-to-video)) cannot be sent: prompt: This field is required. The recipe was not saved.';

  it('is refused before it is saved, or imported, when a step would be refused', () => {
    expect(() => store.save(emptyStepTwo)).toThrow(sentence);
    const file = JSON.stringify({
      format: RECIPE_FILE_FORMAT,
      version: RECIPE_FILE_VERSION,
      recipe: emptyStepTwo,
    });
    expect(() => store.importFile(file)).toThrow(sentence);
    expect(store.list()).toEqual([]);
  });

  it('saves a recipe whose steps all pass, the run’s prompt standing in for {prompt}', () => {
    expect(store.save(pictureToVideo).name).toBe('Picture to video');
  });
});
