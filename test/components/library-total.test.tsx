// The line above the library grid sums the view's costs after the grid's page, and only once typing has paused:
// main answers one request at a time, so a sum asked for every key would hold up the next key's page.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryTotal } from '../../renderer/features/library/library-total';
import type { LibraryQuery } from '../../shared/studio/records';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

function serveTotals(asked: (string | undefined)[]) {
  serveBridge({
    costs: {
      library: async (filter: LibraryQuery) => {
        asked.push(filter.search);
        return { count: (filter.search ?? '').length + 2, usd: 0.5, credits: null, unknown: 0 };
      },
    },
  });
}

describe('LibraryTotal', () => {
  it('sums the view the typing settles on, not each prefix typed on the way', async () => {
    const asked: (string | undefined)[] = [];
    serveTotals(asked);
    const { rerender } = renderWithStudio(<LibraryTotal filter={{}} after />);
    expect(await screen.findByText(/^2 items/)).toBeVisible();
    for (const search of ['k', 'ka', 'kal']) rerender(<LibraryTotal filter={{ search }} after />);
    // "kal" has three letters: 5 items.
    expect(await screen.findByText(/^5 items/)).toBeVisible();
    expect(asked).toEqual([undefined, 'kal']);
  });

  it('waits for the grid: nothing is asked while its page is on its way', async () => {
    const asked: (string | undefined)[] = [];
    serveTotals(asked);
    const { rerender } = renderWithStudio(<LibraryTotal filter={{ search: 'sun' }} after={false} />);
    rerender(<LibraryTotal filter={{ search: 'sun' }} after />);
    expect(await screen.findByText(/^5 items/)).toBeVisible();
    expect(asked).toEqual(['sun']);
  });
});
