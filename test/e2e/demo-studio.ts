/// <reference lib="dom" />
// A studio in web mode on the demo gateway, opened in Debian's Chromium and past onboarding, for browser tests
// that drive the Create page family by family. The demo's clock runs fast (timeScale) so a video takes seconds.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FAMILIES, type FamilyId } from '../../shared/catalog';
import { startWebMode } from '../../electron/host/web-mode';
import type { FaultOptions, SimulatorOptions } from '../../electron/simulator';
import type { ManualClock } from '../../electron/core/clock';
import { pollPriorsAtTimeScale, type PollPolicy } from '../../electron/core/tasks';
import { launchChromium, type LaunchedBrowser } from './browser';

export const SHOTS = join(process.cwd(), 'test-results', 'e2e');

export interface DemoStudio {
  page: Page;
  url: string;
  dataDir: string;
  /** Errors the page threw (a test may assert there were none). */
  pageErrors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * faults: the demo gateway fails on purpose (e.g. its file links), to see what the app says about it.
 * seed: writes into the data folder before the studio opens it (a database with hundreds of tasks, a library
 *   seeded with files: seeded-library.ts).
 * onOnboarding: runs on the welcome page, before the demo gateway is chosen (e.g. to check that page).
 * switches.polling: the engine's poll policy where it differs. By default its first polls follow the demo's clock
 *   (pollPriorsAtTimeScale(timeScale)): with the app's own priors a video the demo finishes in 6 s was first asked
 *   about after 15 s of real time, and a browser file waited that out for every video it made. `polling: {}` keeps
 *   the app's own priors, for a test whose subject is a task nobody has asked about yet.
 * switches.clock: one ManualClock for the studio and its demo gateway; the page's clock starts at its time and runs on,
 *   and passTime() moves all three at once, so a test skips hours instead of waiting on real time.
 */
export async function openDemoStudio(
  timeScale = 0.05,
  faults?: FaultOptions,
  seed?: (dataDir: string) => void | Promise<void>,
  onOnboarding?: (page: Page) => Promise<void>,
  /** The demo gateway's other switches: result links, uploads, the model list; and the shared clock. */
  switches: Pick<SimulatorOptions, 'links' | 'uploads' | 'modelList'> & {
    clock?: ManualClock;
    polling?: Partial<PollPolicy>;
  } = {},
): Promise<DemoStudio> {
  await mkdir(SHOTS, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-data-'));
  await seed?.(dataDir);
  const { clock, polling = pollPriorsAtTimeScale(timeScale), ...rest } = switches;
  const simulator = { timeScale, ...(faults ? { faults } : {}), ...rest, ...(clock ? { clock } : {}) };
  const web = await startWebMode({
    port: 0,
    demo: true,
    dataDir,
    simulator,
    ...(clock ? { clock } : {}),
    polling,
    log: () => {},
  });
  let chromium: LaunchedBrowser | null = null;
  try {
    chromium = await launchChromium();
    await chromium.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.origin });
    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    if (clock) {
      await page.clock.install({ time: clock.now() });
      await page.clock.resume();
    }
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Try the demo gateway' }).waitFor();
    await onOnboarding?.(page);
    await page.getByRole('button', { name: 'Try the demo gateway' }).click();
    await page.getByTestId('nav-create').waitFor();
    const browser = chromium;
    return {
      page,
      url: web.url,
      dataDir,
      pageErrors,
      shot: async (name) => {
        await page.screenshot({ path: join(SHOTS, `${name}.png`) });
      },
      close: async () => {
        await browser.close();
        await web.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await chromium?.close();
    await web.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * One demo studio for a test file: opened before its tests and closed after them. Every browser test file wants
 * this, so it is declared once at the top (`const { studio, page } = useDemoStudio()`) instead of the same
 * let/beforeAll/afterAll in each file. The two handles are live views of the studio opened in beforeAll, which
 * is why they can be taken before it exists.
 */
export function useDemoStudio(...args: Parameters<typeof openDemoStudio>): {
  studio: DemoStudio;
  page: Page;
} {
  let opened: DemoStudio | null = null;
  beforeAll(async () => {
    opened = await openDemoStudio(...args);
  });
  afterAll(async () => {
    await opened?.close();
    opened = null;
  });
  const current = (): DemoStudio => {
    if (!opened)
      throw new Error('the demo studio is open only while the tests of the file that asked for it run');
    return opened;
  };
  return { studio: liveView(current), page: liveView(() => current().page) };
}

/** An object whose every property is read from what get() returns at that moment (methods bound to it). */
function liveView<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_shell, key) {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const KIND_LABEL = { image: 'Image', video: 'Video', music: 'Music', upscale: 'Upscale' } as const;

/** Opens Create on a family the way a person does: the kind, then the family's chip. */
export async function chooseFamily(page: Page, id: FamilyId): Promise<void> {
  const kind = FAMILIES[id].kind as keyof typeof KIND_LABEL;
  await goTo(page, 'Create');
  await page
    .getByRole('radiogroup', { name: 'Model family' })
    .getByText(KIND_LABEL[kind], { exact: true })
    .click();
  await page.getByTestId(`family-${id}`).click();
  await page.getByTestId(`form-${id}`).waitFor();
}

/** A page of the sidebar, by its visible name (Tasks may carry a count badge after its name). */
export async function goTo(
  page: Page,
  name: 'Create' | 'Tasks' | 'Library' | 'Speech' | 'Storyboard' | 'Usage' | 'Settings',
): Promise<void> {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
}

/**
 * Moves the demo clock (the studio's and its gateway's) and the page's by ms; the page's timers that fall due on
 * the way fire once (Playwright's fastForward), so a countdown repaints at the new time.
 */
export async function passTime(page: Page, clock: ManualClock, ms: number): Promise<void> {
  await clock.advance(ms);
  await page.clock.fastForward(ms);
}

/**
 * Generates a picture from Create's first form (I3) and waits until its tile is in the library: for tests whose
 * subject is what happens to a result afterwards (synced, moved), made the way a person makes one.
 */
export async function generateIntoLibrary(page: Page, prompt: string): Promise<void> {
  await goTo(page, 'Create');
  await page.getByTestId('form-image.i3').waitFor();
  await page.locator('#field-prompt').fill(prompt);
  await page.getByTestId('submit').click();
  await goTo(page, 'Library');
  await page.getByRole('button', { name: prompt }).waitFor({ timeout: 90_000 });
}
