// The bar over the library grid while items are selected: it says how many, Compare joins it only with exactly
// two selected (the action the library page passes in), and Favourite is one bridge call for the selection.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { COMPARE_SELECTED } from '../../renderer/features/library/compare-selected';
import { SelectionToolbar } from '../../renderer/features/library/selection/selection-toolbar';
import type { LibrarySelectionApi } from '../../renderer/features/library/selection/use-library-selection';
import { useStudioStore } from '../../renderer/store/studio-store';
import { renderWithStudio, serveBridge } from './render';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

const item = (id: string): BridgeLibraryItem => libraryItem({ id, prompt: id });

function selectionOf(ids: string[]): LibrarySelectionApi {
  return {
    count: ids.length,
    active: ids.length > 0,
    all: false,
    isSelected: (id) => ids.includes(id),
    toggle: vi.fn(),
    extendTo: vi.fn(),
    selectAll: vi.fn(),
    clear: vi.fn(),
    selection: ids.length > 0 ? { ids } : null,
    items: ids.map(item),
  };
}

describe('SelectionToolbar', () => {
  it('says how many are selected, and shows nothing with no selection', () => {
    serveBridge();
    const { rerender } = renderWithStudio(
      <SelectionToolbar selection={selectionOf(['a', 'b', 'c'])} total={10} />,
    );
    expect(screen.getByRole('toolbar', { name: 'Selection' })).toHaveTextContent('3 selected');
    expect(screen.getByRole('button', { name: 'Select all 10' })).toBeVisible();
    rerender(<SelectionToolbar selection={selectionOf([])} total={10} />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('offers Compare only with exactly two selected', () => {
    serveBridge();
    const { rerender } = renderWithStudio(
      <SelectionToolbar selection={selectionOf(['a'])} total={10} actions={COMPARE_SELECTED} />,
    );
    expect(screen.queryByRole('button', { name: 'Compare' })).not.toBeInTheDocument();
    rerender(<SelectionToolbar selection={selectionOf(['a', 'b'])} total={10} actions={COMPARE_SELECTED} />);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeVisible();
    rerender(
      <SelectionToolbar selection={selectionOf(['a', 'b', 'c'])} total={10} actions={COMPARE_SELECTED} />,
    );
    expect(screen.queryByRole('button', { name: 'Compare' })).not.toBeInTheDocument();
  });

  it('favourites the whole selection in one bridge call and says so', async () => {
    const user = userEvent.setup();
    const bulkFavourite = vi.fn(async (_input: unknown) => ({ count: 2 }));
    serveBridge({ library: { bulkFavourite } });
    renderWithStudio(<SelectionToolbar selection={selectionOf(['a', 'b'])} total={10} />);
    await user.click(screen.getByRole('button', { name: 'Favourite' }));
    await vi.waitFor(() => expect(bulkFavourite).toHaveBeenCalledTimes(1));
    expect(bulkFavourite).toHaveBeenCalledWith(
      expect.objectContaining({ selection: { ids: ['a', 'b'] }, favourite: true }),
    );
    await vi.waitFor(() =>
      expect(useStudioStore.getState().toasts.map((toast) => toast.text)).toContain(
        '2 items marked as favourites.',
      ),
    );
  });
});
