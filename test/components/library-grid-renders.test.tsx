// The library grid renders a tile only when that tile has something new to show. Scrolling renders the grid on
// every scroll event; before its cells were memoised over plain values and stable callbacks, every tile on
// screen rendered again each time (a new onOpen arrow, the selection as one object), which is what made the
// library-grid bench's long tasks. Counted through itemCaption, which a tile calls once per render.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { LibraryGrid } from '../../renderer/features/library/library-grid';
import type { LibrarySelectionApi } from '../../renderer/features/library/selection/use-library-selection';
import type * as CaptionModule from '../../renderer/features/library/item-caption';
import { libraryItem } from '../support/library-item';
import { renderWithStudio, serveBridge, stubResizeObserver } from './render';

const captions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../renderer/features/library/item-caption', async (original) => {
  const real = await original<typeof CaptionModule>();
  return {
    itemCaption: (...args: Parameters<typeof real.itemCaption>) => {
      captions.count += 1;
      return real.itemCaption(...args);
    },
  };
});

/** A grid 1 060 px wide (five columns of 202 px tiles) and 640 px high: three rows in view. */
const WIDTH = 1060;
const HEIGHT = 640;
const layout = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
beforeEach(() => {
  for (const [name, size] of [
    ['clientWidth', WIDTH],
    ['clientHeight', HEIGHT],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('library-scroll') ? size : 0;
      },
    });
  }
  stubResizeObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of ['clientWidth', 'clientHeight'] as const) {
    const descriptor = layout[name];
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

const items: BridgeLibraryItem[] = Array.from({ length: 300 }, (_, i) =>
  libraryItem({ id: `item-${i}`, prompt: `picture ${i}` }),
);

/** A selection as the page's hook hands it: a new object on every render of the page. */
function selectionOf(ids: ReadonlySet<string>): LibrarySelectionApi {
  return {
    count: ids.size,
    active: ids.size > 0,
    all: false,
    isSelected: (id) => ids.has(id),
    toggle: () => undefined,
    extendTo: () => undefined,
    selectAll: () => undefined,
    clear: () => undefined,
    selection: null,
    items: [],
  };
}

function grid(selected: ReadonlySet<string>) {
  return (
    <LibraryGrid
      items={items}
      more={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: async () => undefined }}
      selection={selectionOf(selected)}
      openIndex={-1}
      // A new function on every render of the page, as the viewer hands it.
      onOpen={() => undefined}
      empty={null}
    />
  );
}

describe('the library grid', () => {
  it('renders again only the tiles a scroll brings in, and none when the page renders with the same items', async () => {
    serveBridge();
    const view = renderWithStudio(grid(new Set()));
    // The tiles show once the session has said where media is served.
    await waitFor(() => expect(screen.getAllByRole('img').length).toBeGreaterThan(0));
    const shown = screen.getAllByTestId('library-item').length;
    // Three rows in view and two more below: a window, not 300 tiles.
    expect(shown).toBe(25);

    // The page renders again (a new onOpen, a new selection object with the same picks): no tile renders.
    captions.count = 0;
    view.rerender(grid(new Set()));
    expect(captions.count).toBe(0);

    // A scroll of two rows: the grid renders on the scroll event, and only the ten tiles it brings in render.
    const scroller = screen.getByTestId('library-grid');
    captions.count = 0;
    act(() => {
      scroller.scrollTop = (2 * (WIDTH - 48)) / 5 + 2 * 12;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(screen.getByRole('img', { name: 'picture 34' })).toBeInTheDocument());
    expect(captions.count).toBe(10);

    // Selecting one item renders its check again, not the picture of any tile.
    captions.count = 0;
    view.rerender(grid(new Set(['item-12'])));
    expect(captions.count).toBe(0);
    const cell = screen.getByRole('img', { name: 'picture 12' }).closest('.tile-cell');
    expect(cell).toHaveAttribute('data-selected', 'true');
  });
});
