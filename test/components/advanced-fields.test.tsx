// The folded Advanced section of every family's form: a webhook checked by the spec's rules before anything is
// sent, and "Extra body fields" (a JSON object) merged under the form's own fields.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FamilyId } from '../../shared/catalog';
import { pressGenerate, renderFamilyForm } from './family-form-rig';

afterEach(() => vi.unstubAllGlobals());

const setup = (family: FamilyId) => renderFamilyForm(family).submit;

const openAdvanced = () => userEvent.click(screen.getByText('Advanced'));

describe('Advanced: webhook', () => {
  it('[EVT-9] refuses a private address beside the field and sends nothing', async () => {
    const submit = setup('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    await openAdvanced();
    await userEvent.type(screen.getByLabelText('Webhook URL (optional)'), 'http://192.168.1.20/hook');
    await pressGenerate();
    expect(await screen.findByText(/drops callbacks to local and private addresses/)).toBeVisible();
    expect(screen.getByLabelText('Webhook URL (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it("[EVT-9] refuses the gateway's own domain (the session's base URL)", async () => {
    const submit = setup('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    await openAdvanced();
    await userEvent.type(screen.getByLabelText('Webhook URL (optional)'), 'https://gw.test/callbacks');
    await pressGenerate();
    expect(await screen.findByText(/must not point at the gateway’s own domain/)).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('[COMMON-1] sends a good webhook with the submission', async () => {
    const submit = setup('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    await openAdvanced();
    await userEvent.type(screen.getByLabelText('Webhook URL (optional)'), 'https://hooks.example.com/studio');
    await pressGenerate();
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ webhook: 'https://hooks.example.com/studio' });
  });
});

describe('Advanced: extra body fields', () => {
  it('says why the field exists ([EP-VIDEO-7])', async () => {
    setup('video.v1');
    await openAdvanced();
    expect(screen.getByText(/V1, H, W and K accept image input/)).toBeVisible();
  });

  it('refuses text that is not JSON and sends nothing', async () => {
    const submit = setup('video.v1');
    await userEvent.type(screen.getByLabelText('Prompt'), 'waves');
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Extra body fields (JSON)'), {
      target: { value: '{ first: 1 }' },
    });
    await pressGenerate();
    expect(await screen.findByText(/This is not valid JSON/)).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('[EP-VIDEO-7] merges the object under the form’s fields (V1 first frame)', async () => {
    const submit = setup('video.v1');
    await userEvent.type(screen.getByLabelText('Prompt'), 'waves');
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Extra body fields (JSON)'), {
      target: { value: '{ "first_frame_image": "https://img.example.com/f.png" }' },
    });
    await pressGenerate();
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0].params).toMatchObject({
      prompt: 'waves',
      first_frame_image: 'https://img.example.com/f.png',
    });
  });

  it('refuses a field the form has instead of overriding it', async () => {
    const submit = setup('video.v1');
    await userEvent.type(screen.getByLabelText('Prompt'), 'waves');
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Extra body fields (JSON)'), {
      target: { value: '{ "prompt": "other" }' },
    });
    await pressGenerate();
    expect(await screen.findByText('“prompt” is a field of this form: set it above instead.')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('[EP-IMAGE-3] a family with a closed body refuses an unknown extra field before sending', async () => {
    const submit = setup('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Extra body fields (JSON)'), {
      target: { value: '{ "seed": 4 }' },
    });
    await pressGenerate();
    expect(await screen.findByText(/This family does not take “seed”/)).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('pasting an image into the editor inserts it as a data URL string', async () => {
    setup('video.v1');
    await openAdvanced();
    const editor = screen.getByLabelText<HTMLTextAreaElement>('Extra body fields (JSON)');
    fireEvent.change(editor, { target: { value: '{ "first_frame_image":  }' } });
    editor.setSelectionRange(23, 23);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'frame.png', { type: 'image/png' });
    fireEvent.paste(editor, { clipboardData: { files: [png], types: ['Files'] } });
    await waitFor(() =>
      expect(editor.value).toBe('{ "first_frame_image": "data:image/png;base64,iVBORw==" }'),
    );
  });
});
