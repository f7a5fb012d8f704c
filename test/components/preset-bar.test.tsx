// The preset bar on a family's form, over the real preset store (a database of its own) behind the real bridge
// router and the host's own presets handlers: the form saved as a preset (its model and parameters, never the
// webhook, references only when asked), listed this family's first then the others', applied in one click (an
// edited prompt asks first), renamed, updated from the form and deleted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../electron/core/db';
import { PresetStore } from '../../electron/core/presets';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { presetsHandlers } from '../../electron/host/handlers/presets';
import type { HostDeps } from '../../electron/host/handlers/host-deps';
import type { FormValues } from '../../renderer/features/create/field-control';
import { PresetBar } from '../../renderer/features/create/preset-bar';
import { useStudioStore } from '../../renderer/store/studio-store';
import { renderWithStudio, serveBridge } from './render';

let dir: string;
let db: DatabaseSync;
let store: PresetStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preset-bar-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  store = new PresetStore({ db });
  serveBridge({ presets: presetsHandlers({ presets: store } as unknown as HostDeps) });
  useStudioStore.setState({ draft: null });
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** An I3 form as Create holds it: model, prompt, size, a webhook and a stored reference. */
function I3Form({ prompt = '' }: { prompt?: string }) {
  const form = useForm<FormValues>({
    defaultValues: {
      model: 'image_model_id_i3',
      prompt,
      size: '16:9',
      resolution: '1K',
      webhook: 'https://hooks.example/secret-token',
      image_urls: [`studio-ref:${'a'.repeat(64)}`],
    },
  });
  return (
    <>
      <label htmlFor="prompt">Prompt</label>
      <textarea id="prompt" {...form.register('prompt')} />
      <PresetBar family="image.i3" models={{}} form={form} />
    </>
  );
}

describe('PresetBar', () => {
  it('saves the form as a preset: model and parameters, no webhook, references only when asked', async () => {
    const user = userEvent.setup();
    renderWithStudio(<I3Form prompt="a red fox in snow" />);
    await user.click(screen.getByRole('button', { name: 'Save as preset' }));
    await user.type(screen.getByLabelText('Preset name'), 'Client fox');
    await user.click(screen.getByRole('button', { name: 'Save preset' }));
    await waitFor(() => expect(store.presets()).toHaveLength(1));
    const [saved] = store.presets();
    expect(saved).toMatchObject({ name: 'Client fox', family: 'image.i3', model: 'image_model_id_i3' });
    expect(saved?.params).toEqual({ prompt: 'a red fox in snow', size: '16:9', resolution: '1K' });

    await user.click(screen.getByRole('button', { name: 'Save as preset' }));
    await user.type(screen.getByLabelText('Preset name'), 'With refs');
    await user.click(screen.getByLabelText('Keep the reference images in it'));
    await user.click(screen.getByRole('button', { name: 'Save preset' }));
    await waitFor(() => expect(store.presets()).toHaveLength(2));
    const withRefs = store.presets().find((p) => p.name === 'With refs');
    expect(withRefs?.params.image_urls).toEqual([`studio-ref:${'a'.repeat(64)}`]);
    expect(withRefs?.params).not.toHaveProperty('webhook');
  });

  it("lists this family's presets first, applies one in one click, and asks before replacing an edited prompt", async () => {
    store.savePreset({
      name: 'Wide fox',
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a fox', size: '21:9' },
    });
    store.savePreset({
      name: 'Waves',
      family: 'video.k',
      model: 'video_model_id_k',
      params: { prompt: 'waves' },
    });
    const user = userEvent.setup();
    renderWithStudio(<I3Form />);
    const choose = screen.getByLabelText('Choose a preset');
    await waitFor(() => expect(within(choose).getAllByRole('option')).toHaveLength(3));
    const groups = within(choose).getAllByRole('group');
    expect(
      groups.map((g) =>
        within(g)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ),
    ).toEqual([['Wide fox'], ['Waves · Video K']]);

    await user.selectOptions(choose, 'Wide fox');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(useStudioStore.getState().draft).toMatchObject({
      family: 'image.i3',
      values: { prompt: 'a fox', size: '21:9' },
      replace: true,
    });

    await user.type(screen.getByLabelText('Prompt'), 'my own words');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Keep your prompt?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep my prompt' }));
    expect(useStudioStore.getState().draft?.values).toEqual({ prompt: 'my own words', size: '21:9' });
  });

  it('renames, updates from the form and deletes the chosen preset', async () => {
    const first = store.savePreset({
      name: 'Old name',
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { size: '1:1' },
    });
    const user = userEvent.setup();
    renderWithStudio(<I3Form prompt="a heron" />);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(screen.getByLabelText('Choose a preset'), 'Old name');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const name = screen.getByLabelText('Preset name');
    await user.clear(name);
    await user.type(name, 'New name');
    // The name row's own Rename confirms (the first one opened it).
    await user.click(screen.getAllByRole('button', { name: 'Rename' }).at(-1) as HTMLElement);
    await waitFor(() => expect(store.preset(first.id).name).toBe('New name'));

    await user.click(screen.getByRole('button', { name: 'Update from the form' }));
    await waitFor(() =>
      expect(store.preset(first.id).params).toMatchObject({ prompt: 'a heron', size: '16:9' }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.presets()).toEqual([]));
  });
});
