// The selection's Tags popover is the one tag editor: its chips are the tags the selected items carry, Enter adds
// the typed tag to every selected item and a chip's × takes it off all of them (one bridge call each), Backspace
// in the empty field never strips a tag from a whole selection, and Esc closes the popover and gives the focus
// back to the Tags button.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionToolbar } from '../../renderer/features/library/selection/selection-toolbar';
import type { LibrarySelectionApi } from '../../renderer/features/library/selection/use-library-selection';
import { useStudioStore } from '../../renderer/store/studio-store';
import { renderWithStudio, serveBridge } from './render';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

const selected = [
  libraryItem({ id: 'a', prompt: 'a fox', tags: ['portfolio', 'fox'] }),
  libraryItem({ id: 'b', prompt: 'a hare', tags: ['portfolio'] }),
];

const selection: LibrarySelectionApi = {
  count: 2,
  active: true,
  all: false,
  isSelected: (id) => id === 'a' || id === 'b',
  toggle: vi.fn(),
  extendTo: vi.fn(),
  selectAll: vi.fn(),
  clear: vi.fn(),
  selection: { ids: ['a', 'b'] },
  items: selected,
};

function open() {
  const bulkTags = vi.fn(async (_input: { add: string[]; remove: string[] }) => ({ count: 2 }));
  serveBridge({
    library: { bulkTags, tags: async () => [{ tag: 'portfolio', count: 2 }] },
  });
  renderWithStudio(<SelectionToolbar selection={selection} total={10} />);
  return { bulkTags, user: userEvent.setup() };
}

const toasts = () => useStudioStore.getState().toasts.map((toast) => toast.text);

describe('the Tags popover of a selection', () => {
  it('adds a typed tag to every selected item with Enter, in one call', async () => {
    const { bulkTags, user } = open();
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    const dialog = screen.getByRole('dialog', { name: 'Tags of 2 items' });
    const field = screen.getByRole('combobox', { name: 'Tag to add' });
    expect(field).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Tags on the selected items' })).toHaveTextContent(
      'foxportfolio',
    );
    await user.keyboard('client{Enter}');
    await vi.waitFor(() => expect(bulkTags).toHaveBeenCalledTimes(1));
    expect(bulkTags).toHaveBeenCalledWith(
      expect.objectContaining({ selection: { ids: ['a', 'b'] }, add: ['client'], remove: [] }),
    );
    await vi.waitFor(() => expect(toasts()).toContain('Tagged 2 items “client”.'));
    // Once the answer's render has run, the new chip is still there: the items (the refetch) have not changed yet.
    await act(async () => {});
    expect(dialog).toContainElement(
      screen.getByRole('button', { name: 'Remove “client” from the selected items' }),
    );
  });

  it('takes a tag off every selected item with its ×, and Backspace takes nothing off', async () => {
    const { bulkTags, user } = open();
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    await user.keyboard('{Backspace}');
    expect(bulkTags).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove “portfolio” from the selected items' }));
    await vi.waitFor(() => expect(bulkTags).toHaveBeenCalledTimes(1));
    expect(bulkTags).toHaveBeenCalledWith(expect.objectContaining({ add: [], remove: ['portfolio'] }));
    await vi.waitFor(() => expect(toasts()).toContain('Took “portfolio” off 2 items.'));
  });

  it('closes with Esc and gives the focus back to the Tags button', async () => {
    const { user } = open();
    const button = screen.getByRole('button', { name: 'Tags' });
    await user.click(button);
    expect(screen.getByRole('combobox', { name: 'Tag to add' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Tags of 2 items' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
