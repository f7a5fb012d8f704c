/// <reference lib="dom" />
// WCAG 2.1 AA on Create, in light and in dark (accessibility.e2e.ts scans the sidebar's pages; the library, the
// queue and the dialogs are in accessibility-library.e2e.ts, Settings › Sync in accessibility-sync.e2e.ts):
// axe-core finds no serious or critical violation on the welcome page's unreachable-gateway sentence, every
// family's form (one with Advanced open and a second model ticked) and the generic form of an unknown model.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../../shared/catalog';
import { useA11yStudio } from './a11y-rig';
import { emulateScheme, openPage, SCHEMES } from './axe-scan';
import { chooseFamily } from './demo-studio';

const rig = useA11yStudio({ unreachableWelcome: true });
const scan = rig.scan;
let page: Page;
beforeAll(() => {
  page = rig.page();
});

/** Every family's form on Create (speech has its own page, scanned with the sidebar's). */
const FORMS = FAMILY_IDS.filter((id) => id !== 'speech');

describe.each(SCHEMES)('WCAG 2.1 AA in %s', (scheme) => {
  beforeAll(async () => {
    await emulateScheme(page, scheme);
  });

  it('the welcome page when the gateway cannot be reached', () => {
    expect(rig.unreachable(scheme)).toEqual([]);
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
});
