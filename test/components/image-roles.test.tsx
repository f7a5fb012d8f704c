// Family S: "Reference images with roles" sends each image with the role the user typed ([EP-VIDEO-6]).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

describe('Reference images with roles', () => {
  it('[EP-VIDEO-6] sends each URL with its typed role', async () => {
    const submit = vi.fn(async (_request: SubmissionRequest) => sampleTask);
    serveBridge({ tasks: { ...serveBridge().tasks, submit } });
    renderWithStudio(<FamilyForm family={FAMILIES['video.s']} models={{}} onSubmitted={() => {}} />);
    expect(screen.getByText(/its URL, a space, then its role/)).toBeVisible();
    const box = screen.getByLabelText('Reference images with roles');
    fireEvent.change(box, {
      target: { value: 'https://img.example.com/hero.png main character\nhttps://img.example.com/sky.png' },
    });
    fireEvent.blur(box);
    await userEvent.type(screen.getByLabelText('Prompt', { exact: true }), 'a chase');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0].params.image_with_roles).toEqual([
      { url: 'https://img.example.com/hero.png', role: 'main character' },
      { url: 'https://img.example.com/sky.png' },
    ]);
  });
});
