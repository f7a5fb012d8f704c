// Styles under the prompt, over the real preset store behind the real bridge router and the host's own styles
// handlers: a saved style switched on in the Styles menu becomes a chip, the preview says the prompt exactly as
// it will be sent (applyStyles, in chip order, following what is typed), × takes one off; a new style is made
// and switched on at once, and one the store refuses (a template without {prompt}) says why in the menu.
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
import { stylesHandlers } from '../../electron/host/handlers/presets';
import type { HostDeps } from '../../electron/host/handlers/host-deps';
import type { FormValues } from '../../renderer/features/create/field-control';
import { StyleChips } from '../../renderer/features/create/style-chips';
import { useActiveStyles } from '../../renderer/features/create/style-store';
import { renderWithStudio, serveBridge } from './render';

let dir: string;
let db: DatabaseSync;
let store: PresetStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'style-chips-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  store = new PresetStore({ db });
  serveBridge({ styles: stylesHandlers({ presets: store } as unknown as HostDeps) });
  // The chips outlive a form (a house style stays on across families): each test starts with none.
  useActiveStyles.setState({ active: [] });
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

function Prompt() {
  const form = useForm<FormValues>({ defaultValues: { prompt: 'a lighthouse at dusk' } });
  return (
    <>
      <label htmlFor="prompt">Prompt</label>
      <textarea id="prompt" {...form.register('prompt')} />
      <StyleChips control={form.control} name="prompt" />
    </>
  );
}

describe('StyleChips', () => {
  it('switched on in the menu, styles become chips and the preview is the prompt as it will be sent', async () => {
    store.saveStyle({ name: 'Film', text: '35 mm film, soft grain', placement: 'after' });
    store.saveStyle({ name: 'Poster', text: 'a travel poster of {prompt}', placement: 'template' });
    const user = userEvent.setup();
    renderWithStudio(<Prompt />);
    expect(screen.queryByTestId('style-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Styles' }));
    const menu = screen.getByRole('dialog', { name: 'Styles' });
    await user.click(await within(menu).findByRole('checkbox', { name: /^Film/ }));
    await user.click(within(menu).getByRole('checkbox', { name: /^Poster/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Styles' })).toHaveFocus();
    // Esc on the button itself closes the open panel too.
    await user.click(screen.getByRole('button', { name: 'Styles' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    const chips = screen.getByRole('list', { name: 'Styles on' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Film', 'Poster']);
    expect(screen.getByTestId('style-preview')).toHaveTextContent(
      'Sent as: a travel poster of a lighthouse at dusk, 35 mm film, soft grain',
    );
    // The preview follows what is typed.
    await user.clear(screen.getByLabelText('Prompt'));
    await user.type(screen.getByLabelText('Prompt'), 'a harbour');
    expect(screen.getByTestId('style-preview')).toHaveTextContent(
      'Sent as: a travel poster of a harbour, 35 mm film, soft grain',
    );

    await user.click(within(chips).getByRole('button', { name: 'Take off the style Poster' }));
    expect(screen.getByTestId('style-preview')).toHaveTextContent(
      'Sent as: a harbour, 35 mm film, soft grain',
    );
    await user.click(screen.getByRole('button', { name: 'Take off the style Film' }));
    expect(screen.queryByRole('list', { name: 'Styles on' })).toBeNull();
    expect(screen.queryByTestId('style-preview')).toBeNull();
  });

  it('makes a new style and switches it on; a template without {prompt} is refused with a sentence', async () => {
    const user = userEvent.setup();
    renderWithStudio(<Prompt />);
    await user.click(screen.getByRole('button', { name: 'Styles' }));
    const menu = screen.getByRole('dialog', { name: 'Styles' });
    expect(await within(menu).findByText(/^No styles yet/)).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'New style' }));
    await user.type(within(menu).getByLabelText('Name'), 'Broken');
    await user.type(within(menu).getByLabelText('Words'), 'a poster');
    await user.selectOptions(within(menu).getByLabelText('Goes'), 'template');
    await user.click(within(menu).getByRole('button', { name: 'Make style' }));
    expect(await within(menu).findByRole('alert')).toHaveTextContent('{prompt}');
    expect(store.styles()).toEqual([]);

    await user.selectOptions(within(menu).getByLabelText('Goes'), 'before');
    await user.click(within(menu).getByRole('button', { name: 'Make style' }));
    await waitFor(() => expect(store.styles().map((s) => s.name)).toEqual(['Broken']));
    const chips = await screen.findByRole('list', { name: 'Styles on' });
    expect(within(chips).getByRole('listitem')).toHaveTextContent('Broken');
    expect(screen.getByTestId('style-preview')).toHaveTextContent('Sent as: a poster, a lighthouse at dusk');
  });
});
