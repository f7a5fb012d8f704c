/// <reference lib="dom" />
// A file whose settings are bad, dropped on Create, as a person would: damaged settings are said to be damaged
// (not taken as a plain picture), settings nested too deeply are refused with the depth limit, and settings
// with an unknown model, a prompt that is not text and n = 1e9 restore what passes while each field that could
// not be restored is named; "Restored …" alone is never said for them.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngWithSettings, pngWithSettingsText } from '../../electron/core/library/file-settings';
import type { FileSettings } from '../../shared/studio/file-settings';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { dropFile } from './dropped-files';

const { studio, page } = useDemoStudio();
let plain: Buffer;

beforeAll(async () => {
  plain = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
});

const drop = (name: string, bytes: Uint8Array): Promise<void> =>
  dropFile(page.getByTestId('settings-drop'), name, 'image/png', Buffer.from(bytes));

const settings = (params: Record<string, unknown>, model = 'image_model_id_i2'): FileSettings => ({
  app: 'gateway-studio',
  version: 1,
  family: 'image.i2',
  model,
  params,
  prompt: null,
  taskId: null,
  madeFrom: [],
});

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { deeper: value };
  return value;
}

const references = () => page.getByRole('img', { name: /^Reference image/ }).count();

describe('a dropped file with bad settings', () => {
  it('says damaged settings are damaged, and adds nothing as a reference', async () => {
    await chooseFamily(page, 'image.i2');
    const before = await references();
    await drop('torn.png', pngWithSettingsText(plain, '{"app":"gateway-studio","family":"image.i2",'));
    await page
      .getByText(
        'The settings in torn.png are damaged and were not restored: The settings are not readable JSON.',
      )
      .waitFor();
    expect(await references()).toBe(before);
    await studio.shot('dropped-settings-01-damaged');
  });

  it('refuses settings nested too deeply, stating the limit', async () => {
    await drop('deep.png', pngWithSettings(plain, settings({ prompt: 'deep', extra: nested(60) })));
    await page
      .getByText(
        'The settings in deep.png are damaged and were not restored: params: Settings nested too deeply: at most 20 levels of lists and objects.',
      )
      .waitFor();
  });

  it('names each field it could not restore: an unknown model, a prompt that is not text, n = 1e9', async () => {
    await chooseFamily(page, 'image.i3');
    await drop(
      'mixed.png',
      pngWithSettings(
        plain,
        settings({ prompt: { text: 'an object' }, n: 1e9, resolution: '2K', size: '16:9' }, 'no-such-model'),
      ),
    );
    await page.getByTestId('form-image.i2').waitFor({ timeout: 15_000 });
    const toast = page.getByText(
      'Restored the Image I2 (extended) settings from mixed.png except model, prompt, n, which could not be restored',
      { exact: false },
    );
    await toast.waitFor();
    const text = (await toast.textContent()) ?? '';
    expect(text).toContain('model: "no-such-model" is not a model of Image I2 (extended) this app knows;');
    expect(text).toContain('n: At most 4)');
    expect(text).toMatch(/prompt: This value has the wrong type/);
    expect(await page.getByText('Restored the Image I2 (extended) settings from mixed.png.').count()).toBe(0);
    // What passed is in the form; what did not keeps the form's default, never "[object Object]".
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => page.getByText('[object Object]').count()).toBe(0);
    await studio.shot('dropped-settings-02-named-fields');
    expect(studio.pageErrors).toEqual([]);
  });
});
