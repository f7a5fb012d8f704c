// The form builder: each family's form comes from the catalog's fields, and what it submits is what the
// contract accepts. The bridge client and router are real; only the handlers behind them are fixtures.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderFamilyForm, pressGenerate, pressedRequest } from './family-form-rig';

afterEach(() => vi.unstubAllGlobals());

describe('FamilyForm', () => {
  it('[EP-IMAGE-2] refuses a blank prompt beside the field and sends nothing', async () => {
    const { submit } = renderFamilyForm('image.i3');
    await pressGenerate();
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('a press tried again after a failed call carries the same key; the next press a new one', async () => {
    let calls = 0;
    const submit = vi.fn(async (_request: SubmissionRequest & { key?: string }) => {
      calls++;
      // The first call's answer is lost on the way: the press failed as far as the person can see.
      if (calls === 1) throw new Error('connection lost');
      return sampleTask;
    });
    renderFamilyForm('image.i3', { tasks: { submit } });
    await userEvent.type(screen.getByLabelText('Prompt'), 'a red fox');
    await pressGenerate();
    await screen.findByTestId('submit-error');
    await pressGenerate();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('submit-error')).toBeNull());
    await pressGenerate();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(3));
    const keys = submit.mock.calls.map(([request]) => request.key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]); // the same press, tried again: main answers with the task it made, if any
    expect(keys[2]).not.toBe(keys[1]); // answered: pressing again is a new take
  });

  it('clearing the prompt after a sent press scolds nobody until the next press', async () => {
    const { submit } = renderFamilyForm('image.i3');
    const prompt = screen.getByLabelText('Prompt');
    await userEvent.type(prompt, 'a red fox');
    await pressGenerate();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    // Clearing the field to write the next prompt is not a mistake yet: nothing was pressed.
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'x{Backspace}');
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(prompt).not.toHaveAttribute('aria-invalid', 'true');
    await pressGenerate();
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('[EP-IMAGE-2] sends the typed prompt with the family and its catalog model', async () => {
    const { sent } = renderFamilyForm('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a red fox');
    await pressGenerate();
    expect(await sent()).toMatchObject({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a red fox' },
    });
  });

  it('[EP-GRID-1] submits grid upscale, a family without a model field, and the bridge accepts it', async () => {
    const { sent } = renderFamilyForm('grid.upscale');
    await userEvent.type(screen.getByLabelText('Source task id'), 'grid-1');
    await userEvent.type(screen.getByLabelText('Grid image (1 to 4)'), '3');
    await pressGenerate();
    expect(await sent()).toEqual(
      pressedRequest({
        family: 'grid.upscale',
        model: '',
        params: { task_id: 'grid-1', index: 3, speed: 'fast' },
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[EP-IMAGE-6] names the wrong reference link beside it and sends nothing', async () => {
    const { submit } = renderFamilyForm('image.i6');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a red fox');
    const link = screen.getByLabelText('Reference images');
    await userEvent.type(link, 'https://example.com/a.png{Enter}');
    await userEvent.type(link, 'htp://typo{Enter}');
    await pressGenerate();
    const alert = await screen.findByText('Image 2 (htp://typo): Must be an http(s) URL.');
    expect(alert).toBeVisible();
    const tiles = screen.getAllByTestId('reference-item');
    expect(tiles[1]).toHaveClass('is-invalid');
    expect(within(tiles[1] as HTMLElement).getByText('2')).toBeVisible();
    expect(tiles[0]).not.toHaveClass('is-invalid');
    expect(submit).not.toHaveBeenCalled();
  });

  it('[LIM-10] a link typed but not added yet goes with the submission', async () => {
    const { sent } = renderFamilyForm('video.v2');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a slow pan');
    await userEvent.type(screen.getByLabelText('Reference images'), 'https://example.com/ref.png');
    await pressGenerate();
    expect((await sent())?.params.image_urls).toEqual(['https://example.com/ref.png']);
  });

  it('[EP-VIDEO-6] names the wrong line of a URL list', async () => {
    const { submit } = renderFamilyForm('video.s');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a slow pan');
    const videos = screen.getByLabelText('Reference videos (URLs)');
    await userEvent.type(videos, 'https://example.com/a.mp4{Enter}ftp://nope');
    await userEvent.click(screen.getByLabelText('Prompt'));
    await pressGenerate();
    expect(await screen.findByText(/^Line 2: Must be an http\(s\) URL/)).toBeVisible();
    expect(videos).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });
});
