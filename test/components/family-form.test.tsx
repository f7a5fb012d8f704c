// The form builder: each family's form comes from the catalog's fields, and what it submits is what the
// contract accepts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

describe('FamilyForm', () => {
  it('[EP-IMAGE-2] refuses a blank prompt beside the field and sends nothing', async () => {
    const submit = vi.fn(async () => sampleTask);
    serveBridge({ tasks: { ...serveBridge().tasks, submit } });
    renderWithStudio(<FamilyForm family={FAMILIES['image.i3']} models={{}} onSubmitted={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('[EP-IMAGE-2] sends the typed prompt with the family and its catalog model', async () => {
    const submit = vi.fn(async (_request: SubmissionRequest) => sampleTask);
    serveBridge({ tasks: { ...serveBridge().tasks, submit } });
    const onSubmitted = vi.fn();
    renderWithStudio(<FamilyForm family={FAMILIES['image.i3']} models={{}} onSubmitted={onSubmitted} />);
    await userEvent.type(screen.getByLabelText('Prompt'), 'a red fox');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0]).toMatchObject({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a red fox' },
    });
  });
});
