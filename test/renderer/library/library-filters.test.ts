// The library's view in the hash query: what an address says is what the grid asks for, a view
// written and read back is the same view, and a hand-edited address degrades to defaults, never an error.
import { describe, expect, it } from 'vitest';
import {
  clearedView,
  DEFAULT_VIEW,
  isFiltered,
  parseView,
  toLibraryQuery,
  viewQuery,
  type LibraryView,
} from '../../../renderer/features/library/library-filters';

describe('library view in the address', () => {
  it('round-trips every field, defaults left out', () => {
    const view: LibraryView = {
      search: 'red fox',
      sort: 'cost',
      kind: 'image',
      family: 'image.i3',
      model: 'image_model_id_i3',
      from: '2026-11-01',
      to: '2026-11-22',
      favourites: true,
      tags: ['winter', 'a&b=c'],
      batch: 'batch-7f3a',
    };
    const query = viewQuery(view);
    expect(parseView(query)).toEqual(view);
    expect(viewQuery(DEFAULT_VIEW)).toBe('');
    expect(viewQuery({ ...DEFAULT_VIEW, kind: 'video' })).toBe('kind=video');
  });

  it('drops what it does not know instead of failing', () => {
    expect(parseView('sort=random&kind=hologram&family=nope&from=2026-02-30&to=yesterday&fav=yes')).toEqual(
      DEFAULT_VIEW,
    );
    expect(parseView('tag=%20&tag=fox&tag=fox').tags).toEqual(['fox']);
  });

  it('turns days into local-midnight bounds, the last day included', () => {
    const query = toLibraryQuery({ ...DEFAULT_VIEW, from: '2026-11-01', to: '2026-11-02' });
    expect(query.from).toBe(new Date(2026, 10, 1).getTime());
    expect(query.to).toBe(new Date(2026, 10, 3).getTime());
    expect(toLibraryQuery({ ...DEFAULT_VIEW, batch: 'b1' })).toEqual({ sort: 'newest', batchId: 'b1' });
    expect(toLibraryQuery({ ...DEFAULT_VIEW, tags: ['fox'], favourites: true })).toEqual({
      sort: 'newest',
      tags: ['fox'],
      favourite: true,
    });
    // The search the grid asks with may trail what is typed (deferred); blank is no search.
    expect(toLibraryQuery({ ...DEFAULT_VIEW, search: 'fox' }, '  ')).toEqual({ sort: 'newest' });
  });

  it('knows when the list is narrowed; clearing keeps only the sort', () => {
    expect(isFiltered(DEFAULT_VIEW)).toBe(false);
    expect(isFiltered({ ...DEFAULT_VIEW, sort: 'size' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_VIEW, tags: ['x'] })).toBe(true);
    expect(isFiltered({ ...DEFAULT_VIEW, batch: 'b1' })).toBe(true);
    expect(clearedView({ ...DEFAULT_VIEW, sort: 'size', kind: 'audio', search: 'x' })).toEqual({
      ...DEFAULT_VIEW,
      sort: 'size',
    });
  });
});
