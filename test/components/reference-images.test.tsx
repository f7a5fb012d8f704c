// The reference box on an image form: a chosen file goes up once through references.add and the field keeps the
// stored `studio-ref:` shown by its thumbnail; a file over the limit is refused with a sentence and never read.
// The bridge client and router are real (the contract parses the upload); the handlers are fixtures.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceImage } from '../../shared/studio/references';
import { pressGenerate, renderFamilyForm } from './family-form-rig';

afterEach(() => vi.unstubAllGlobals());

const SHA = 'ab'.repeat(32);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function renderI2() {
  const add = vi.fn(async ({ dataUrl }: { dataUrl: string }): Promise<ReferenceImage> => ({
    uri: `studio-ref:${SHA}`,
    sha256: SHA,
    mime: dataUrl.slice(5, dataUrl.indexOf(';')),
    size: PNG.length,
    width: 1,
    height: 1,
  }));
  const { submit, onSubmitted, view } = renderFamilyForm('image.i2', { references: { add } });
  const input = view.container.querySelector<HTMLInputElement>('#field-image_urls-files');
  if (!input) throw new Error('no file input');
  return { add, submit, onSubmitted, input };
}

describe('ReferenceImages', () => {
  it('[EP-IMAGE-2] uploads a chosen image once, shows its stored thumbnail and sends only its reference', async () => {
    const { add, submit, onSubmitted, input } = renderI2();
    await userEvent.upload(input, new File([PNG], 'fox.png', { type: 'image/png' }));
    const thumb = await screen.findByRole('img', { name: 'Reference image 1' });
    expect(thumb).toHaveAttribute('src', `/references/${SHA}/thumbnail`);
    expect(add).toHaveBeenCalledTimes(1);
    expect(add.mock.calls[0]?.[0].dataUrl).toMatch(/^data:image\/png;base64,/);

    await userEvent.type(screen.getByLabelText('Prompt'), 'the same fox');
    await pressGenerate();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0].params).toMatchObject({ image_urls: [`studio-ref:${SHA}`] });
  });

  it('refuses an image over 20 MiB with a sentence, before reading or sending it', async () => {
    const { add, input } = renderI2();
    const big = new File([PNG], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A reference image can be at most 20 MiB; huge.png is 21 MiB.',
    );
    expect(add).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Reference image 1' })).toBeNull();
  });
});
