/// <reference lib="dom" />
// Create takes a dropped picture anywhere on the page, as the README says (it once took it on the form only),
// and web mode says a task's end as a browser notification once the browser allows them (the permission is
// granted through the browser context here, as a person's "Allow" would).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { dropFile } from './dropped-files';

const { studio, page } = useDemoStudio();

describe('Create: drops anywhere, notices at the end', () => {
  it('a picture dropped on the family picker becomes a reference of the form on screen', async () => {
    await chooseFamily(page, 'image.i2');
    const references = page.getByRole('img', { name: /^Reference image/ });
    const before = await references.count();
    const plain = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();
    await dropFile(page.getByRole('radiogroup', { name: 'Model family' }), 'blue.png', 'image/png', plain);
    await expect.poll(() => references.count(), { timeout: 15_000 }).toBe(before + 1);
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`create-drop-anywhere-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
  });

  it('a finished task is said as a browser notification in web mode', async () => {
    await page.context().grantPermissions(['notifications'], { origin: new URL(studio.url).origin });
    // The real Notification, wrapped so the test can read what was shown.
    await page.addInitScript(() => {
      const shown: { title: string; body: string }[] = [];
      Object.assign(window, { shownNotices: shown });
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body ?? '' });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    });
    await page.reload();
    await chooseFamily(page, 'image.i3');
    const prompt = 'a paper crane on a windowsill, said when done';
    await page.getByTestId('form-image.i3').getByLabel('Prompt', { exact: true }).fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shownNotices: unknown[] }).shownNotices), {
        timeout: 60_000,
      })
      .toContainEqual({ title: 'Generation finished', body: prompt });
  });
});
