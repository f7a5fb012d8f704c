// The app's toast region, fed by the real store: an error is announced as an alert (others as status), an
// Undo in a toast works from the keyboard and takes the toast away, Dismiss takes it away, and a toast nobody
// holds leaves by itself.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStudioStore } from '../../renderer/store/studio-store';
import { Toasts } from '../../renderer/ui/toasts';
import { renderWithStudio } from './render';

beforeEach(() => useStudioStore.setState({ toasts: [] }));
afterEach(() => vi.useRealTimers());

function push(...args: Parameters<ReturnType<typeof useStudioStore.getState>['pushToast']>): void {
  act(() => {
    useStudioStore.getState().pushToast(...args);
  });
}

describe('Toasts', () => {
  it('announces an error as an alert and other news as status, in a live region', () => {
    renderWithStudio(<Toasts />);
    push('error', 'The gateway refused the key.');
    push('success', 'Settings saved.');
    expect(screen.getByRole('alert')).toHaveTextContent('The gateway refused the key.');
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved.');
    expect(screen.getByRole('alert').parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('runs Undo from the keyboard (Tab to it, Enter) once, and the toast leaves, the focus kept on the page', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    renderWithStudio(
      <>
        <main tabIndex={-1}>page</main>
        <Toasts />
      </>,
    );
    push('info', '3 items deleted.', { action: { label: 'Undo', run, undo: true } });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('3 items deleted.')).not.toBeInTheDocument();
    // The pressed button left with its toast: the focus is on the page's main region, not lost to the body.
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('runs the newest Undo on Ctrl+Z outside a text field', async () => {
    const user = userEvent.setup();
    const older = vi.fn();
    const newer = vi.fn();
    renderWithStudio(<Toasts />);
    push('info', 'Tag removed.', { action: { label: 'Undo', run: older, undo: true } });
    push('info', 'Item deleted.', { action: { label: 'Undo', run: newer, undo: true } });
    await user.keyboard('{Control>}z{/Control}');
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
    expect(screen.queryByText('Item deleted.')).not.toBeInTheDocument();
    expect(screen.getByText('Tag removed.')).toBeInTheDocument();
  });

  it('goes away when dismissed', async () => {
    const user = userEvent.setup();
    renderWithStudio(<Toasts />);
    push('error', 'Could not save the file.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves by itself after its time', () => {
    vi.useFakeTimers();
    renderWithStudio(<Toasts />);
    push('success', 'Settings saved.', { durationMs: 2000 });
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved.');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
