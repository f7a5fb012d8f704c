/// <reference lib="dom" />
// Presets and styles on Create, against a gateway of its own (a separate simulator, so the test can read the
// very request the gateway received): a style chip changes the prompt sent to exactly what its preview shows;
// a preset saved, the page reloaded, the preset applied restores the form (asking first about an edited
// prompt); a preset file dropped on Create applies it; a PNG made with styles carries them in its settings, and
// dropped on Create brings back the words typed and the chips.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSettings } from '../../electron/core/library/file-settings';
import { shotAndScanEachScheme } from './axe-scan';
import { chooseFamily, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';
import { dropFile } from './dropped-files';

const studio = useOwnGatewayStudio('presets', { timeScale: 0.05 });
beforeAll(() => connect(studio));

describe('Styles', () => {
  it('a style chip changes the prompt the gateway receives to exactly what the preview shows', async () => {
    await chooseFamily(studio.page, 'image.i3');
    const form = studio.page.getByTestId('form-image.i3');
    await form.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dusk');
    await form.getByRole('button', { name: 'Styles', exact: true }).click();
    const menu = studio.page.getByRole('dialog', { name: 'Styles' });
    await menu.getByRole('button', { name: 'New style' }).click();
    await menu.getByLabel('Name').fill('Film');
    await menu.getByLabel('Words').fill('35 mm film, soft grain');
    await menu.getByRole('button', { name: 'Make style' }).click();
    await menu.getByRole('button', { name: 'New style' }).click();
    await menu.getByLabel('Name').fill('Poster');
    await menu.getByLabel('Words').fill('a travel poster of {prompt}');
    await menu.getByLabel('Goes').selectOption('template');
    await menu.getByRole('button', { name: 'Make style' }).click();
    await form.getByRole('button', { name: 'Styles', exact: true }).click();
    await expect.poll(() => menu.count()).toBe(0);
    const chips = form.getByRole('list', { name: 'Styles on' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['Film', 'Poster']);
    const preview = form.getByTestId('style-preview');
    const sent = 'a travel poster of a lighthouse at dusk, 35 mm film, soft grain';
    expect(await preview.textContent()).toBe(`Sent as: ${sent}`);
    await studioShot('styles-chips');

    await studio.page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() =>
        studio.gateway
          .createdTasks()
          .filter((t) => t.model === 'image_model_id_i3')
          .map((t) => t.body.prompt),
      )
      .toEqual([sent]);

    // Taking a chip off: the next request is the prompt with the film words only.
    await chips.getByRole('button', { name: 'Take off the style Poster' }).click();
    expect(await preview.textContent()).toBe('Sent as: a lighthouse at dusk, 35 mm film, soft grain');
    await studio.page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => studio.gateway.createdTasks().filter((t) => t.model === 'image_model_id_i3').length)
      .toBe(2);
    expect(studio.gateway.createdTasks().at(-1)?.body.prompt).toBe(
      'a lighthouse at dusk, 35 mm film, soft grain',
    );
    await chips.getByRole('button', { name: 'Take off the style Film' }).click();
    expect(await form.getByTestId('style-preview').count()).toBe(0);
  });
});

/** The first PNG the library filed whose settings carry styles (the first of the test above), once it is there. */
async function styledPng(): Promise<{ name: string; bytes: string }> {
  let found: { name: string; bytes: string } | null = null;
  await expect
    .poll(
      async () => {
        const entries = await readdir(studio.dataDir, { recursive: true });
        for (const entry of entries.filter((e) => e.endsWith('.png') && !e.includes('thumb'))) {
          const bytes = await readFile(join(studio.dataDir, entry));
          if ((readFileSettings(new Uint8Array(bytes))?.styles?.styles.length ?? 0) === 2) {
            found = { name: basename(entry), bytes: bytes.toString('base64') };
          }
        }
        return found !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as unknown as { name: string; bytes: string };
}

describe('Styles in a PNG', () => {
  it('a PNG made with styles, dropped on Create, brings back the words typed and the chips', async () => {
    const file = await styledPng();
    await chooseFamily(studio.page, 'image.i3');
    const form = studio.page.getByTestId('form-image.i3');
    expect(await form.getByRole('list', { name: 'Styles on' }).count()).toBe(0);
    await dropFile(form, file.name, 'image/png', Buffer.from(file.bytes, 'base64'));
    await studio.page.getByText(`Restored the Image I3 settings from ${file.name}.`).waitFor();
    const prompt = form.getByLabel('Prompt', { exact: true });
    await expect.poll(() => prompt.inputValue()).toBe('a lighthouse at dusk');
    const chips = form.getByRole('list', { name: 'Styles on' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['Film', 'Poster']);
    expect(await form.getByTestId('style-preview').textContent()).toBe(
      'Sent as: a travel poster of a lighthouse at dusk, 35 mm film, soft grain',
    );
    await chips.getByRole('button', { name: 'Take off the style Film' }).click();
    await chips.getByRole('button', { name: 'Take off the style Poster' }).click();
  });
});

describe('Presets', () => {
  it('saved, the page reloaded, applied: the form comes back (asking about an edited prompt)', async () => {
    await chooseFamily(studio.page, 'image.i3');
    const form = studio.page.getByTestId('form-image.i3');
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill('a red fox in snow, for the client');
    await form.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('16:9', { exact: true }).click();
    await form.getByRole('button', { name: 'Save as preset' }).click();
    await form.getByLabel('Preset name').fill('Client fox');
    await form.getByRole('button', { name: 'Save preset' }).click();
    await studio.page.getByText('Preset “Client fox” saved.').waitFor();
    await studioShot('presets-saved');
    // The same name again (letter case aside) is refused with a sentence beside the name, naming the preset that
    // has it as it is written: two alike could not be told apart. Nothing is sent, so no toast either.
    await form.getByRole('button', { name: 'Save as preset' }).click();
    const nameField = form.getByLabel('Preset name');
    await nameField.fill('client FOX');
    await form.getByRole('button', { name: 'Save preset' }).click();
    const taken = 'A preset named “Client fox” exists already (letter case aside).';
    await form.getByRole('alert').getByText(taken, { exact: false }).waitFor();
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await nameField.getAttribute('aria-describedby')).toBe('preset-name-error');
    expect(await studio.page.getByText('Some fields need attention', { exact: false }).count()).toBe(0);
    await shotAndScanEachScheme(studio.page, studioShot, 'presets-name-taken');
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await form.getByLabel('Choose a preset').locator('option', { hasText: /fox/i }).count()).toBe(1);

    await studio.page.reload();
    await form.waitFor();
    // The reload keeps the family's draft (family-drafts.ts); the preset is then applied over other words.
    await expect.poll(() => prompt.inputValue()).toBe('a red fox in snow, for the client');
    await form.getByRole('radiogroup', { name: 'Aspect ratio' }).getByText('1:1', { exact: true }).click();
    await prompt.fill('my own words');
    await form.getByLabel('Choose a preset').selectOption({ label: 'Client fox' });
    await form.getByRole('button', { name: 'Apply' }).click();
    const ask = studio.page.getByRole('alertdialog', { name: 'Keep your prompt?' });
    await ask.getByRole('button', { name: 'Use the preset’s prompt' }).click();
    await expect.poll(() => prompt.inputValue()).toBe('a red fox in snow, for the client');
    expect(await form.getByRole('radio', { name: '16:9' }).isChecked()).toBe(true);

    await prompt.fill('keep these words');
    await form.getByRole('button', { name: 'Apply' }).click();
    await ask.getByRole('button', { name: 'Keep my prompt' }).click();
    await expect.poll(() => form.getByRole('radio', { name: '16:9' }).isChecked()).toBe(true);
    expect(await prompt.inputValue()).toBe('keep these words');
  });

  it('a preset file dropped on Create applies it', async () => {
    await chooseFamily(studio.page, 'image.i3');
    const file = JSON.stringify({
      format: 'gateway-studio-presets',
      version: 1,
      presets: [
        {
          name: 'Shared K',
          family: 'video.k',
          model: 'video_model_id_k',
          params: { prompt: 'waves', duration: 10 },
        },
      ],
    });
    const target = studio.page.getByTestId('form-image.i3');
    await dropFile(target, 'shared.json', 'application/json', Buffer.from(file));
    const form = studio.page.getByTestId('form-video.k');
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Prompt', { exact: true }).inputValue()).toBe('waves');
    await studio.page.getByText('shared.json: 1 preset imported and applied.').waitFor();
  });
});

async function studioShot(name: string): Promise<void> {
  await studio.page.screenshot({ path: join(SHOTS, `${name}.png`) });
}
