// A page fetched before its visit is shown at once, with no fallback (React.lazy alone would suspend and hold
// the fallback for React's 300 ms throttle); one not fetched yet still loads on its visit, and a failed fetch
// is tried again on the next.
import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadablePage } from '../../renderer/app/preloadable-page';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function shown(Page: ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>Loading the page</p>}>
      <Page name="Ada" />
    </Suspense>,
  );
}

describe('a preloadable page', () => {
  it('renders at once, without the fallback, once its code was fetched beforehand', async () => {
    const load = vi.fn(async () => Greeting);
    const page = preloadablePage(load);
    await page.preload();
    await page.preload();
    shown(page.Page);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on its first visit when nothing fetched it before, and tries again after a failed fetch', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>();
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const page = preloadablePage(load);
    await expect(page.preload()).rejects.toThrow('offline');
    shown(page.Page);
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    await act(async () => {
      await page.preload();
    });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
