// Settings → Model ids: one row per catalog default id, the default shown, edits saved as modelOverrides.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../shared/bridge/session-schemas';
import { ModelIdsSection } from '../../renderer/features/settings/model-ids-section';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

describe('ModelIdsSection', () => {
  it('shows each catalog default, one row for the shared music model, and saves an edit', async () => {
    const update = vi.fn(async (patch: SettingsPatch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    serveBridge({ settings: { get: async () => DEFAULT_SETTINGS, update } });
    renderWithStudio(
      <ModelIdsSection settings={{ ...DEFAULT_SETTINGS, modelOverrides: { speech_model_id: 'tts-2' } }} />,
    );
    expect(screen.getByText('Catalog default: image_model_id_i3')).toBeVisible();
    expect(screen.getAllByText('Catalog default: music_model_id')).toHaveLength(1);
    expect(screen.getByLabelText('Speech')).toHaveValue('tts-2');
    await userEvent.type(screen.getByLabelText('Image I3'), 'acme-i3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[0]).toEqual({
      modelOverrides: { speech_model_id: 'tts-2', image_model_id_i3: 'acme-i3' },
    });
  });

  it('Reset drops the override and saves at once', async () => {
    const update = vi.fn(async (patch: SettingsPatch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    serveBridge({ settings: { get: async () => DEFAULT_SETTINGS, update } });
    renderWithStudio(
      <ModelIdsSection settings={{ ...DEFAULT_SETTINGS, modelOverrides: { speech_model_id: 'tts-2' } }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset Speech to the catalog default' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ modelOverrides: {} }));
    expect(screen.getByLabelText('Speech')).toHaveValue('');
  });
});
