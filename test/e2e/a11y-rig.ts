// The studio the WCAG scans beyond the sidebar's pages run on (accessibility-create, -library and -sync .e2e.ts):
// one demo studio per file on the full model list (a model of a family the studio does not know gets the
// generic form) and a scratch folder for the files a test writes. The scans are three files, not one, so the
// browser files that run two at a time balance: one file of 73 scans could not overlap with itself. Each file
// asks only for what its scans look at: the welcome page as it is when the gateway cannot be reached, the
// seeded videos and tracks, or the compare group of one prompt on two models.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { violationLines, violationsInEachScheme, type AxeFinding, type Scheme } from './axe-scan';
import { closedPort } from '../support/closed-port';
import { chooseFamily, openDemoStudio, type DemoStudio } from './demo-studio';
import { RAIN_TRACK, seedMedia, WAVES_VIDEO } from './seeded-media';

/** The prompt of the compare group (and the one the prompt history lists). */
export const PROMPT = 'A lighthouse on a cliff at dusk';
/** The seeded video and track that the viewer compares the first ones with. */
export const WAVES_SLOW = 'Waves breaking at dawn, slow motion';
export const RAIN_FAST = 'Lo-fi rain loop, faster';

export interface A11yRigNeeds {
  /** Scans the welcome page after Connect met a gateway that does not answer, in each scheme. */
  unreachableWelcome?: boolean;
  /** Seeds two videos and two tracks, for the viewer's players and the comparison's shared transport. */
  media?: boolean;
  /** Runs PROMPT on I3 and I4 before the tests and waits for both results. */
  compareGroup?: boolean;
}

export interface A11yRig {
  /** The studio's page (valid once the file's beforeAll has run). */
  page: () => Page;
  /** A temporary folder of the file's own, removed after its tests. */
  folder: () => string;
  /** The welcome page's findings in a scheme (needs unreachableWelcome). */
  unreachable: (scheme: Scheme) => AxeFinding[];
  /** The serious WCAG findings on the page now. */
  scan: () => Promise<string[]>;
}

/** Opens the studio a file's scans need before its tests and closes it after them. */
export function useA11yStudio(needs: A11yRigNeeds): A11yRig {
  let folder: string | undefined;
  let studio: DemoStudio | undefined;
  let unreachable: Record<Scheme, AxeFinding[]> | undefined;
  const page = (): Page => {
    if (!studio) throw new Error('the studio is open only while the tests of its file run');
    return studio.page;
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'studio-e2e-a11y-'));
    studio = await openDemoStudio(
      0.05,
      undefined,
      needs.media
        ? (dataDir) =>
            seedMedia(dataDir, [
              { ...WAVES_VIDEO, minutesAgo: 1 },
              { ...WAVES_VIDEO, prompt: WAVES_SLOW, minutesAgo: 2 },
              { ...RAIN_TRACK, minutesAgo: 3 },
              { ...RAIN_TRACK, prompt: RAIN_FAST, title: RAIN_FAST, minutesAgo: 4 },
            ])
        : undefined,
      needs.unreachableWelcome
        ? async (welcome) => {
            await welcome.getByLabel('Gateway base URL').fill(`http://127.0.0.1:${await closedPort()}`);
            await welcome.getByLabel('API key').fill('sim-key-default');
            await welcome.getByRole('button', { name: 'Connect' }).click();
            await welcome.getByRole('button', { name: 'Continue anyway' }).waitFor({ timeout: 60_000 });
            unreachable = await violationsInEachScheme(welcome);
          }
        : undefined,
      { modelList: 'full' },
    );
    if (needs.compareGroup) {
      const p = studio.page;
      await chooseFamily(p, 'image.i3');
      const form = p.getByTestId('form-image.i3');
      await form.getByLabel('Prompt', { exact: true }).fill(PROMPT);
      await form.getByRole('group', { name: 'Also run on…' }).getByRole('checkbox', { name: 'I4' }).check();
      await p.getByRole('button', { name: 'Generate' }).click();
      await p.getByRole('heading', { name: 'Compare models' }).waitFor({ timeout: 30_000 });
      await p.getByTestId('group-media').nth(1).waitFor({ timeout: 90_000 });
    }
  });

  afterAll(async () => {
    await studio?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  return {
    page,
    folder: () => {
      if (!folder) throw new Error('the scratch folder exists only while the tests of its file run');
      return folder;
    },
    unreachable: (scheme) => {
      if (!unreachable) throw new Error('the welcome page was not scanned: ask for unreachableWelcome');
      return unreachable[scheme];
    },
    scan: () => violationLines(page()),
  };
}
