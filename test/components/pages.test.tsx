// Every page of the studio opens at once once its code is here: the route table renders no loading fallback for
// a page whose code was fetched (React.lazy would suspend on its first render and hold the fallback for React's
// 300 ms throttle). That a page not fetched yet shows the fallback meanwhile is preloadable-page.test.tsx's.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_PAGES, Pages } from '../../renderer/app/pages';
import { COMPARE_GROUP_ROUTE, COMPARE_ROUTE, ROUTES, SYNC_ROUTE } from '../../renderer/app/routes';
import { renderWithStudio, serveBridge, stubResizeObserver } from './render';

const PATHS = [
  ...Object.values(ROUTES),
  `${COMPARE_ROUTE}/a1/b2`,
  `${COMPARE_GROUP_ROUTE}/batch-1`,
  SYNC_ROUTE,
];

afterEach(() => vi.unstubAllGlobals());

describe('the routed pages', () => {
  it.each(PATHS)('renders %s at once, without the fallback, once every page was fetched', async (path) => {
    serveBridge();
    // The library's grid measures its width; jsdom has no layout, so nothing is ever observed.
    stubResizeObserver();
    await Promise.all(LAZY_PAGES.map((page) => page.preload()));
    const { container } = renderWithStudio(<Pages />, path);
    expect(screen.queryByTestId('page-loading')).toBeNull();
    // And not suspended either (nothing rendered at all): the page itself is there in the same render.
    expect(container).not.toBeEmptyDOMElement();
  });
});
