/// <reference lib="dom" />
// WCAG 2.1 AA beyond the sidebar's pages (accessibility.e2e.ts has those), in light and in dark: axe-core finds
// no serious or critical violation on the welcome page's unreachable-gateway sentence, every family's form on
// Create (one with Advanced open and a second model ticked) and the generic form of an unknown model, the prompt
// history and its Forget all question, the styles panel, the preset bar and its Keep your prompt? question, the
// recipes and their editor, the viewer of a video and of a track and their comparisons, the queue and its question
// about an item at the gateway, a task shown on Tasks, the compare group of one prompt on several models, the
// library folder's question, and Settings › Sync before it is set up (each kind of remote, encryption on, a
// missing folder with Create this folder, the Restore question) and after it is set up against a folder that
// another device already uses (what came in, the devices, the Restore question and a restore's summary). Each
// dialog opened from a button hands the focus back to that button when Esc closes it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../../shared/catalog';
import {
  emulateScheme,
  expectCleanDialog,
  openPage,
  SCHEMES,
  violationLines,
  violationsInEachScheme,
  type AxeFinding,
  type Scheme,
} from './axe-scan';
import { closedPort } from '../support/closed-port';
import { addImage, openDevice } from '../core/sync/sync-devices';
import { chooseFamily, openDemoStudio, SHOTS, type DemoStudio } from './demo-studio';
import { RAIN_TRACK, seedMedia, WAVES_VIDEO } from './seeded-media';
import { openSyncSettings } from './sync-settings';

let folder: string;
let unreachable: Record<Scheme, AxeFinding[]>;
let studio: DemoStudio;
let page: Page;

const scan = () => violationLines(page);
const PROMPT = 'A lighthouse on a cliff at dusk';
const WAVES_SLOW = 'Waves breaking at dawn, slow motion';
const RAIN_FAST = 'Lo-fi rain loop, faster';

/** The library's tiles that show the prompt of the compare group, newest first (Run again adds one each time). */
const promptTiles = () =>
  page.getByTestId('library-item').filter({ has: page.getByRole('img', { name: PROMPT, exact: true }) });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'studio-e2e-a11y-'));
  studio = await openDemoStudio(
    0.05,
    undefined,
    // Two videos and two tracks, for the viewer's players and the comparison's shared transport.
    (dataDir) =>
      seedMedia(dataDir, [
        { ...WAVES_VIDEO, minutesAgo: 1 },
        { ...WAVES_VIDEO, prompt: WAVES_SLOW, minutesAgo: 2 },
        { ...RAIN_TRACK, minutesAgo: 3 },
        { ...RAIN_TRACK, prompt: RAIN_FAST, title: RAIN_FAST, minutesAgo: 4 },
      ]),
    // The welcome page as it is after Connect met a gateway that does not answer.
    async (welcome) => {
      await welcome.getByLabel('Gateway base URL').fill(`http://127.0.0.1:${await closedPort()}`);
      await welcome.getByLabel('API key').fill('sim-key-default');
      await welcome.getByRole('button', { name: 'Connect' }).click();
      await welcome.getByRole('button', { name: 'Continue anyway' }).waitFor({ timeout: 60_000 });
      unreachable = await violationsInEachScheme(welcome);
    },
    // The gateway lists a model of a family the studio does not know: it gets the generic form.
    { modelList: 'full' },
  );
  page = studio.page;
  // One prompt on two models: the compare group the tests open, and a prompt for the history to list.
  await chooseFamily(page, 'image.i3');
  const form = page.getByTestId('form-image.i3');
  await form.getByLabel('Prompt', { exact: true }).fill(PROMPT);
  await form.getByRole('group', { name: 'Also run on…' }).getByRole('checkbox', { name: 'I4' }).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('heading', { name: 'Compare models' }).waitFor({ timeout: 30_000 });
  await page.getByTestId('group-media').nth(1).waitFor({ timeout: 90_000 });
});

afterAll(async () => {
  await studio?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Every family's form on Create (speech has its own page, scanned with the sidebar's). */
const FORMS = FAMILY_IDS.filter((id) => id !== 'speech');

describe.each(SCHEMES)('WCAG 2.1 AA in %s', (scheme) => {
  beforeAll(async () => {
    await emulateScheme(page, scheme);
  });

  it('the welcome page when the gateway cannot be reached', () => {
    expect(unreachable[scheme]).toEqual([]);
  });

  it.each(FORMS)('the Create form of %s', async (family) => {
    await chooseFamily(page, family);
    expect(await scan()).toEqual([]);
  });

  it('a form with Advanced open and a second model ticked under “Also run on…”', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    await form.getByText('Advanced', { exact: true }).click();
    await form.getByLabel('Webhook URL (optional)').waitFor();
    const i4 = form.getByRole('group', { name: 'Also run on…' }).getByRole('checkbox', { name: 'I4' });
    await i4.check();
    await form.getByTestId('fanout-note').first().waitFor();
    expect(await scan()).toEqual([]);
    await i4.uncheck();
  });

  it('the generic form of a model of an unknown family', async () => {
    await openPage(page, 'Create');
    await page.getByRole('radiogroup', { name: 'Model family' }).getByText('Image', { exact: true }).click();
    await page
      .getByRole('button', { name: 'image_model_id_x1 (new on the gateway · generic form)', exact: true })
      .click({ timeout: 20_000 });
    await page.getByRole('form', { name: 'Generic form for image_model_id_x1' }).waitFor();
    expect(await scan()).toEqual([]);
  });

  it('the prompt history, its Forget all question, and the styles panel', async () => {
    await chooseFamily(page, 'image.i3');
    const history = page.getByRole('button', { name: 'History' });
    const panel = page.getByRole('dialog', { name: 'Prompt history' });
    await expectCleanDialog(history, panel, panel.getByRole('option', { name: new RegExp(`^${PROMPT}`) }));
    await history.click();
    await expectCleanDialog(
      panel.getByRole('button', { name: 'Forget all' }),
      page.getByRole('alertdialog', { name: 'Forget every prompt?' }),
    );
    await page.keyboard.press('Escape');

    const menu = page.getByRole('dialog', { name: 'Styles' });
    await expectCleanDialog(page.getByRole('button', { name: 'Styles', exact: true }), menu);
    await page.getByRole('button', { name: 'Styles', exact: true }).click();
    await menu.getByRole('button', { name: 'New style' }).click();
    expect(await scan()).toEqual([]);
    await menu.getByLabel('Name').press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('the preset bar and its Keep your prompt? question', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill('A heron at dawn');
    await form.getByRole('button', { name: 'Save as preset' }).click();
    await form.getByLabel('Preset name').fill(`Heron in ${scheme}`);
    expect(await scan()).toEqual([]);
    await form.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText(`Preset “Heron in ${scheme}” saved.`).first().waitFor();
    await prompt.fill('A crane at dusk');
    await expectCleanDialog(
      form.getByRole('button', { name: 'Apply' }),
      page.getByRole('alertdialog', { name: 'Keep your prompt?' }),
    );
  });

  it('the recipes and the recipe editor', async () => {
    await chooseFamily(page, 'image.i3');
    const recipes = page.getByRole('region', { name: 'Recipes' });
    const name = `Picture then video in ${scheme}`;
    const file = join(folder, `recipe-${scheme}.json`);
    const steps = [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: '{prompt}', size: '16:9' } },
      { family: 'video.s', model: 'video_model_id_s', params: { prompt: 'slow push in' }, bind: 'image' },
    ];
    await writeFile(
      file,
      JSON.stringify({ format: 'gateway-studio-recipe', version: 1, recipe: { name, steps } }),
    );
    await recipes.locator('input[type=file]').setInputFiles(file);
    await page.getByText(`Recipe “${name}” imported.`).first().waitFor();
    await recipes.getByRole('list', { name: 'Steps' }).waitFor();
    expect(await scan()).toEqual([]);
    await recipes.getByRole('button', { name: 'New recipe' }).click();
    await recipes.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await scan()).toEqual([]);
    await recipes.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the queue on Tasks', async () => {
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    await form.getByLabel('Prompt', { exact: true }).fill(`A wren on a branch, in ${scheme}`);
    await form.getByRole('button', { name: 'Queue', exact: true }).click();
    await openPage(page, 'Tasks');
    await page.getByTestId('queue-item').first().waitFor();
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: 'Resume queue' }).click();
  });

  it.each([
    [WAVES_VIDEO.prompt, WAVES_SLOW, 'compare-video-b'],
    [RAIN_TRACK.prompt, RAIN_FAST, 'compare-audio-b'],
  ])('the viewer of “%s” and its comparison with “%s”', async (first, second, media) => {
    await openPage(page, 'Library');
    await page.getByTestId('library-item').filter({ hasText: first }).first().click();
    const viewer = page.getByTestId('item-dialog');
    await viewer.getByRole('heading', { name: 'Details' }).waitFor();
    expect(await scan()).toEqual([]);
    await viewer.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('dialog', { name: 'Compare with' }).getByRole('button', { name: second }).click();
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    await page.getByTestId(media).waitFor({ state: 'attached' });
    expect(await scan()).toEqual([]);
  });

  it('a task shown on Tasks from the toast of Run again', async () => {
    await openPage(page, 'Library');
    await promptTiles().first().click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Run again', exact: true }).click();
    await page
      .getByText(/^Started a new Image I\d task/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Show the task' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.locator('[data-testid="task-row"][aria-current="true"]').waitFor({ timeout: 15_000 });
    expect(await scan()).toEqual([]);
  });

  it('the compare group of one prompt on several models', async () => {
    await openPage(page, 'Library');
    await promptTiles().last().click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Compare group' }).click();
    await page.getByRole('heading', { name: 'Compare models' }).waitFor();
    await expect.poll(() => page.getByTestId('group-media').count(), { timeout: 30_000 }).toBe(2);
    expect(await scan()).toEqual([]);
  });

  it('the library folder’s question in Settings', async () => {
    await openPage(page, 'Settings');
    const storage = page.locator('form', { has: page.getByRole('heading', { name: 'Storage' }) });
    await page.getByLabel('Library folder').fill(join(folder, `library-${scheme}`));
    const dialog = page.getByRole('alertdialog', { name: 'Change the library folder' });
    await expectCleanDialog(
      storage.getByRole('button', { name: 'Save', exact: true }),
      dialog,
      dialog.getByText(/^Move \d+ files/),
    );
  });

  it.each(['S3 bucket', 'WebDAV', 'Folder'])(
    'Settings › Sync before it is set up, on a remote of kind %s',
    async (kind) => {
      await openSyncSettings(page);
      await page.getByRole('radiogroup', { name: 'Kind of remote' }).getByText(kind, { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: kind, exact: true }).isChecked()).toBe(true);
      expect(await scan()).toEqual([]);
    },
  );

  it('Settings › Sync before it is set up: a missing folder with Create this folder, and the Restore question', async () => {
    await openSyncSettings(page);
    await page
      .getByRole('radiogroup', { name: 'Kind of remote' })
      .getByText('Folder', { exact: true })
      .click();
    await page.getByLabel('Folder path', { exact: true }).fill(join(folder, `missing-${scheme}`));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('button', { name: 'Create this folder' }).waitFor({ timeout: 30_000 });
    expect(await scan()).toEqual([]);
    await page.getByTestId('sync-test-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `sync-create-folder-${scheme}.png`) });
    await expectCleanDialog(
      page.getByRole('button', { name: 'Restore from remote' }),
      page.getByRole('alertdialog', { name: 'Restore from remote' }),
    );
  });

  it('Settings › Sync with end-to-end encryption switched on', async () => {
    await openSyncSettings(page);
    const encryption = page.getByRole('switch', { name: 'End-to-end encryption' });
    if (!(await encryption.isChecked())) await encryption.click();
    await page.getByLabel('Passphrase', { exact: true }).waitFor();
    expect(await scan()).toEqual([]);
  });
});

describe('Settings › Sync set up against a folder', () => {
  beforeAll(async () => {
    await emulateScheme(page, 'light');
    await openSyncSettings(page);
    await page
      .getByRole('radiogroup', { name: 'Kind of remote' })
      .getByText('Folder', { exact: true })
      .click();
    const remote = join(folder, 'remote');
    await mkdir(remote);
    // Another device already syncs there: its item comes in, and it is listed among the devices.
    const laptop = openDevice(folder, 'studio-laptop', { remote: { kind: 'folder', path: remote } });
    await addImage(laptop, 'A heron in the reeds at dawn');
    await laptop.sync.runRound();
    await laptop.close();
    await page.getByLabel('Folder path', { exact: true }).fill(remote);
    await page.getByRole('button', { name: 'Save and sync' }).click();
    await page
      .getByTestId('sync-status')
      .filter({ hasText: /^Up to date\. Last completed/ })
      .waitFor({ timeout: 60_000 });
  });

  it.each(SCHEMES)('its status, its Restore section and the Restore question in %s', async (scheme) => {
    await emulateScheme(page, scheme);
    await page.getByTestId('sync-last-received').filter({ hasText: 'from studio-laptop' }).waitFor();
    await page.getByRole('table', { name: 'Devices on this remote' }).getByText('studio-laptop').waitFor();
    expect(await scan()).toEqual([]);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `sync-status-devices-${scheme}.png`) });
    await expectCleanDialog(
      page.getByRole('button', { name: 'Restore from remote' }),
      page.getByRole('alertdialog', { name: 'Restore from remote' }),
    );
  });
});

describe('a restore’s summary in Settings › Sync', () => {
  it.each(SCHEMES)('in %s', async (scheme) => {
    await emulateScheme(page, scheme);
    await page.getByRole('button', { name: 'Restore from remote' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore from remote' })
      .getByRole('button', { name: 'Restore from remote' })
      .click();
    const summary = page.getByTestId('sync-restore-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await scan()).toEqual([]);
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `sync-restore-summary-${scheme}.png`) });
  });
});

describe('the queue’s question before it stops tracking an item already at the gateway', () => {
  // A minute of K video takes about 40 s on the demo's clock: long enough to ask about it in both schemes.
  it('in light and dark, Esc giving the focus back to the row’s Cancel', async () => {
    const prompt = 'A slow pan over a harbour at night';
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await chooseFamily(page, 'video.k');
    const form = page.getByTestId('form-video.k');
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByLabel('Duration (seconds)').fill('60');
    await form.getByRole('button', { name: 'Queue', exact: true }).click();
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Resume queue' }).click();
    const cancel = page
      .getByTestId('queue-item')
      .filter({ hasText: prompt })
      .and(page.locator('[data-state="sent"]'))
      .getByRole('button', { name: 'Cancel', exact: true });
    await cancel.waitFor({ timeout: 20_000 });
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await expectCleanDialog(cancel, page.getByRole('alertdialog', { name: 'Already at the gateway' }));
    }
  });
});
