// A page fetched before its visit is shown at once, with no fallback; one not fetched yet shows its fallback only
// until its code arrives (React.lazy in Suspense would hold the fallback for React's 300 ms throttle even then);
// a failed fetch goes to the page's error boundary, and the next visit tries again.
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadablePage } from '../../renderer/app/preloadable-page';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const Fallback = () => <p>Loading the page</p>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? <p>The page failed</p> : this.props.children;
  }
}

describe('a preloadable page', () => {
  it('renders at once, without the fallback, once its code was fetched beforehand', async () => {
    const load = vi.fn(async () => Greeting);
    const page = preloadablePage(load, Fallback);
    await page.preload();
    await page.preload();
    render(<page.Page name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback only until its code arrives, with no throttle after it', async () => {
    let arrive: (page: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const page = preloadablePage(load, Fallback);
    render(<page.Page name="Ada" />);
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    await act(async () => {
      arrive(Greeting);
      await page.preload();
    });
    // No waiting: React's Suspense throttle would still show the fallback here for some 300 ms.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves a failed fetch to the page's error boundary, and tries again on the next visit", async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>();
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const page = preloadablePage(load, Fallback);
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const first = render(
      <Boundary>
        <page.Page name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByText('The page failed')).toBeInTheDocument();
    first.unmount();
    render(
      <Boundary>
        <page.Page name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
