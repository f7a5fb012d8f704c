/// <reference lib="dom" />
// The queue as a creator uses it on the demo gateway: pause it on Tasks, queue three prompts from Create with
// "Queue", move the last to the front, cancel one ("not charged", and the demo gateway never hears of it),
// restart the studio (web mode stopped and started again on the same data folder): still paused, the same items
// in the same order, nothing sent. Resumed, the demo gateway receives them in the new order, read from its own
// saved record of the tasks it created, in the order it created them (after the sources it seeds itself).
// Then a recipe's first step waits in the paused queue beside two queued prompts, marked with its recipe; it is
// dragged to the front with the mouse, another item moved up with Alt+ArrowUp, and once resumed the gateway
// receives them in that order, the recipe's second step last (queued once the picture before it was saved).
// Last, a recipe run whose step waits in the paused queue is cancelled from Create ("Cancel the rest"): the
// step leaves the queue not charged, the run says it stopped there, and the demo gateway hears nothing.
// And a start time ("02:00") holds what is queued, two items are cancelled at once for nothing, "Start now" sends
// the rest, and a failed one is tried again from the list as a new take. Last, a limit met at send time: a
// confirmation threshold set after an item was queued pauses the queue with its sentence instead of sending it
// (worded in Chinese once the language is switched, not left in English); Resume confirms that item and sends it.
import { rm, mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import { demoReceived } from './demo-received';
import { seriousViolations } from './axe-scan';
import { launchChromium, type LaunchedBrowser } from './browser';
import { chooseFamily, goTo, SHOTS } from './demo-studio';
import { callStudio } from './studio-bridge';
import { saveLimits } from './spending-limits';

let dataDir: string;
let web: WebMode;
let chromium: LaunchedBrowser;
let page: Page;

// The engine's first polls follow the demo's clock (as in demo-studio.ts): a recipe's video is not first asked about
// after the 15 real seconds the app waits for a real gateway's.
const start = () =>
  startWebMode({
    port: 0,
    demo: true,
    dataDir,
    simulator: { timeScale: 0.05 },
    polling: pollPriorsAtTimeScale(0.05),
    log: () => {},
  });

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-queue-'));
  web = await start();
  chromium = await launchChromium();
  page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  await page.goto(web.url);
  await page.getByRole('button', { name: 'Try the demo gateway' }).click();
  await page.getByTestId('nav-create').waitFor();
});

afterAll(async () => {
  await chromium?.close();
  await web?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The tasks the demo gateway created, in the order it created them (its saved state keeps them so). */
/** The prompts of the tasks the app knows, by the gateway's id. */
async function promptsByRemoteId(): Promise<Map<string, string>> {
  const { tasks } = await callStudio<{ tasks: { remoteId: string | null; params: { prompt?: string } }[] }>(
    page,
    'tasks.list',
  );
  return new Map(tasks.flatMap((t) => (t.remoteId ? [[t.remoteId, t.params.prompt ?? '']] : [])));
}

/** Pauses the queue from Tasks, as the tests that hold items back begin. */
async function pauseQueue(): Promise<void> {
  await goTo(page, 'Tasks');
  await page.getByRole('button', { name: 'Pause queue' }).click();
  await page.getByText('Paused: nothing is sent until you resume the queue.').waitFor();
}

/** Queues each prompt from Create's I3 form with "Queue", each time waiting for the form to say it is queued. */
async function queueFromCreate(prompts: string[]): Promise<void> {
  await chooseFamily(page, 'image.i3');
  const form = page.getByTestId('form-image.i3');
  for (const prompt of prompts) {
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByRole('button', { name: 'Queue', exact: true }).click();
    await page
      .getByText('Queued: not sent yet, so nothing is charged until its turn comes.')
      .last()
      .waitFor();
  }
}

/** The prompts the demo gateway received after its first `seen` tasks, in the order it created them. */
async function receivedAfter(seen: number): Promise<(string | undefined)[]> {
  const prompts = await promptsByRemoteId();
  return (await demoReceived(dataDir)).slice(seen).map((id) => prompts.get(id));
}

const queueList = () => page.getByRole('region', { name: 'Queue' }).getByRole('list');
const item = (prompt: string) => queueList().getByRole('listitem', { name: prompt });
const positions = async () =>
  Promise.all(
    (await queueList().getByRole('listitem').all()).map(async (li) => [
      await li.getAttribute('aria-label'),
      (await li.getByTestId('queue-position').count()) > 0
        ? await li.getByTestId('queue-position').textContent()
        : await li.getByTestId('queue-state').textContent(),
    ]),
  );

describe('The queue', () => {
  it('paused, reordered, one cancelled for nothing, kept across a restart, then sent in the new order', async () => {
    await pauseQueue();

    await queueFromCreate(['A fox in the snow', 'A heron at dawn', 'An owl at midnight']);

    await goTo(page, 'Tasks');
    await expect.poll(positions, { timeout: 15_000 }).toEqual([
      ['A fox in the snow', 'No. 1'],
      ['A heron at dawn', 'No. 2'],
      ['An owl at midnight', 'No. 3'],
    ]);
    expect(await item('A heron at dawn').getByTestId('queue-when').textContent()).toContain(
      'starts when the queue is resumed',
    );
    await item('An owl at midnight').getByRole('button', { name: 'Move to front' }).click();
    await item('A heron at dawn').getByRole('button', { name: 'Move up' }).click();
    await expect.poll(positions).toEqual([
      ['An owl at midnight', 'No. 1'],
      ['A heron at dawn', 'No. 2'],
      ['A fox in the snow', 'No. 3'],
    ]);
    expect(await page.getByTestId('queue-summary').textContent()).toBe('3 items waiting');

    // Cancelled before it was sent: it says so, and the demo gateway never hears of it.
    await item('A heron at dawn').getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Cancelled before it was sent: not charged.').waitFor();
    await expect
      .poll(() => item('A heron at dawn').getByTestId('queue-state').textContent())
      .toBe('Cancelled · not charged');
    await page.screenshot({ path: join(SHOTS, 'queue-paused.png') });

    // A restart with the queue paused: the same items, the same order, still paused, nothing sent.
    await web.close();
    web = await start();
    await page.goto(web.url);
    await goTo(page, 'Tasks');
    await page.getByText('Paused: nothing is sent until you resume the queue.').waitFor({ timeout: 30_000 });
    await expect.poll(positions, { timeout: 15_000 }).toEqual([
      ['An owl at midnight', 'No. 1'],
      ['A fox in the snow', 'No. 2'],
      ['A heron at dawn', 'Cancelled · not charged'],
    ]);
    // The demo gateway holds only its own seeded sources (tracks, a grid); the app has sent nothing.
    const seeded = await demoReceived(dataDir);
    expect(seeded.every((id) => /^(music|grid)-/.test(id))).toBe(true);
    expect((await promptsByRemoteId()).size).toBe(0);

    await page.getByRole('button', { name: 'Resume queue' }).click();
    const received = async () => (await demoReceived(dataDir)).slice(seeded.length);
    await expect.poll(received, { timeout: 60_000 }).toHaveLength(2);
    await expect
      .poll(async () => await queueList().locator('[data-state="sent"]').count(), { timeout: 60_000 })
      .toBe(2);
    const prompts = await promptsByRemoteId();
    expect((await received()).map((id) => prompts.get(id))).toEqual([
      'An owl at midnight',
      'A fox in the snow',
    ]);
    expect([...prompts.values()]).not.toContain('A heron at dawn');
    await page.screenshot({ path: join(SHOTS, 'queue-sent.png') });
  });

  it('a recipe step waits in the queue beside the rest: dragged with the mouse, moved from the keyboard, sent in order', async () => {
    await pauseQueue();
    const seen = (await demoReceived(dataDir)).length;

    await queueFromCreate(['A crane in the reeds', 'A wren on a branch']);
    const file = join(dataDir, 'picture-to-video.json');
    const steps = [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: '{prompt}', size: '16:9' } },
      {
        family: 'video.s',
        model: 'video_model_id_s',
        params: { prompt: 'slow push in', duration: 5 },
        bind: 'image',
      },
    ];
    await writeFile(
      file,
      JSON.stringify({
        format: 'gateway-studio-recipe',
        version: 1,
        recipe: { name: 'Picture to video', steps },
      }),
    );
    const recipes = page.getByRole('region', { name: 'Recipes' });
    await recipes.locator('input[type=file]').setInputFiles(file);
    await page.getByText('Recipe “Picture to video” imported.').waitFor();
    await recipes.getByLabel(/^Prompts/).fill('A lighthouse at dusk');
    await expect
      .poll(() => recipes.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toMatch(/^2 steps/);
    await recipes.getByRole('button', { name: 'Run recipe' }).click();
    await recipes
      .getByText('Step 1 waits in the queue on Tasks', { exact: false })
      .waitFor({ timeout: 15_000 });

    await goTo(page, 'Tasks');
    const waitingRows = async () => (await positions()).filter(([, at]) => at?.startsWith('No.'));
    await expect.poll(waitingRows, { timeout: 15_000 }).toEqual([
      ['A crane in the reeds', 'No. 1'],
      ['A wren on a branch', 'No. 2'],
      ['A lighthouse at dusk', 'No. 3'],
    ]);
    expect(await item('A lighthouse at dusk').textContent()).toContain(
      'Recipe “Picture to video”, step 1 of 2',
    );

    // Dragged by its handle onto the top half of the first item: it goes before it.
    await item('A lighthouse at dusk')
      .getByRole('button', { name: 'Reorder A lighthouse at dusk' })
      .dragTo(item('A crane in the reeds'), { targetPosition: { x: 40, y: 6 } });
    await expect.poll(waitingRows, { timeout: 15_000 }).toEqual([
      ['A lighthouse at dusk', 'No. 1'],
      ['A crane in the reeds', 'No. 2'],
      ['A wren on a branch', 'No. 3'],
    ]);
    // From the keyboard: Alt+ArrowUp on the row's handle, which keeps the focus after the move.
    await page.getByRole('button', { name: 'Reorder A wren on a branch' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(waitingRows, { timeout: 15_000 }).toEqual([
      ['A lighthouse at dusk', 'No. 1'],
      ['A wren on a branch', 'No. 2'],
      ['A crane in the reeds', 'No. 3'],
    ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Reorder A wren on a branch');
    await page.getByText('A wren on a branch is now No. 2').waitFor({ state: 'attached' });
    expect((await demoReceived(dataDir)).length).toBe(seen);
    // The queue with its handles, a recipe's step and the spoken move passes WCAG 2.1 AA.
    expect(await seriousViolations(page, '.queue')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'queue-reordered.png') });

    await page.getByRole('button', { name: 'Resume queue' }).click();
    const received = () => receivedAfter(seen);
    await expect
      .poll(received, { timeout: 120_000 })
      .toEqual(['A lighthouse at dusk', 'A wren on a branch', 'A crane in the reeds', 'slow push in']);
    await goTo(page, 'Create');
    await expect
      .poll(() => recipes.getByTestId('recipe-run').first().textContent(), { timeout: 120_000 })
      .toContain('Done: every result is in the library.');
  });

  it('"Cancel the rest" of a recipe takes its waiting step out of the queue, not charged', async () => {
    await pauseQueue();
    const seen = (await demoReceived(dataDir)).length;

    await chooseFamily(page, 'image.i3');
    const recipes = page.getByRole('region', { name: 'Recipes' });
    await recipes.getByLabel('Choose a recipe').selectOption({ label: 'Picture to video' });
    await recipes.getByLabel(/^Prompts/).fill('A harbour at night');
    await expect
      .poll(() => recipes.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toMatch(/^2 steps/);
    await recipes.getByRole('button', { name: 'Run recipe' }).click();
    const run = recipes.getByTestId('recipe-run').filter({ hasText: 'A harbour at night' });
    await run.getByText('Step 1 waits in the queue on Tasks', { exact: false }).waitFor({ timeout: 15_000 });
    await run.getByRole('button', { name: 'Cancel the rest' }).click();
    await run
      .getByText(/^Stopped at step 1 \(Image I3\): .*not charged.* Nothing after it was sent\.$/)
      .waitFor({ timeout: 15_000 });

    await goTo(page, 'Tasks');
    await expect
      .poll(() => item('A harbour at night').getByTestId('queue-state').textContent(), { timeout: 15_000 })
      .toBe('Cancelled · not charged');
    expect((await demoReceived(dataDir)).length).toBe(seen);
    await page.getByRole('button', { name: 'Resume queue' }).click();
  });

  it('a start time holds the line, several are cancelled at once, Start now sends the rest, a failed one is retried', async () => {
    await goTo(page, 'Tasks');
    await page.getByRole('button', { name: 'Set start time' }).click();
    await expect
      .poll(() => page.getByTestId('queue-start').textContent())
      .toMatch(/^Nothing is sent before /);
    const seen = (await demoReceived(dataDir)).length;

    await queueFromCreate(['A moth at a lamp', 'A bat at dusk', 'A storm that fails [fail]']);
    await goTo(page, 'Tasks');
    await expect
      .poll(() => item('A bat at dusk').getByTestId('queue-when').textContent(), { timeout: 15_000 })
      .toContain('expected to start');
    expect((await demoReceived(dataDir)).length).toBe(seen);

    await item('A moth at a lamp').getByRole('checkbox', { name: 'Select A moth at a lamp' }).check();
    await item('A bat at dusk').getByRole('checkbox', { name: 'Select A bat at dusk' }).check();
    await page.getByRole('button', { name: 'Cancel selected (2)' }).click();
    await page.getByText('2 items cancelled before they were sent: not charged.').waitFor();

    await page.getByRole('button', { name: 'Start now' }).click();
    const storm = item('A storm that fails [fail]');
    await storm.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 60_000 });
    await storm.getByRole('button', { name: 'Retry' }).click();
    const received = () => receivedAfter(seen);
    // Only the storm went, twice: once, and again as a new take; the two cancelled never left.
    await expect
      .poll(received, { timeout: 60_000 })
      .toEqual(['A storm that fails [fail]', 'A storm that fails [fail]']);
  });

  it('a limit met when an item is sent pauses the queue with its sentence; Resume confirms and sends it', async () => {
    const setThreshold = (value: string) => saveLimits(page, { 'Ask before sending above': value });
    await pauseQueue();
    const seen = (await demoReceived(dataDir)).length;
    await queueFromCreate(['A kite at noon']);
    // Queued under no threshold; one set now is asked again when the item's turn comes.
    await setThreshold('0.001');

    await goTo(page, 'Tasks');
    await page.getByRole('button', { name: 'Resume queue' }).click();
    const status = page.getByTestId('queue-status');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(
        /^Paused: This will probably cost about .+, above your confirmation threshold of .+\. Press “Resume queue” to send it\.$/,
      );
    expect(await item('A kite at noon').getByTestId('queue-position').textContent()).toBe('No. 1');
    expect((await demoReceived(dataDir)).length).toBe(seen);
    await page.screenshot({ path: join(SHOTS, 'queue-limit-paused.png') });

    // In Chinese the same pause reads in Chinese: worded from its facts, not the core's English sentence.
    const language = async (name: string, group: string) => {
      const saved = page.waitForResponse((r) => r.url().includes('settings.update') && r.ok(), {
        timeout: 30_000,
      });
      await page.getByTestId('nav-settings').click();
      await page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true }).click();
      await saved;
      await page.getByTestId('nav-tasks').click();
    };
    await language('简体中文', 'Language');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(/^已暂停：本次预计花费约 .+，高于您设置的确认阈值 .+。 按“继续队列”即可发送。$/);
    expect(await status.textContent()).not.toContain('This will probably cost');
    await language('English', '语言');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(/^Paused: This will probably cost/);

    await page.getByRole('button', { name: 'Resume queue' }).click();
    const received = () => receivedAfter(seen);
    await expect.poll(received, { timeout: 60_000 }).toEqual(['A kite at noon']);
    await setThreshold('');
  });
});
