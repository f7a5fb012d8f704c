// The library viewer: a modal dialog named by the item it shows; → and ← step through the list (neither
// where the list ends), and Close closes the dialog, which tells the page (onClose). Esc itself is the
// browser's (cancel, then close): jsdom has no top layer, so the Playwright tests own it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryViewer } from '../../renderer/features/library/viewer/library-viewer';
import { renderWithStudio, serveBridge, stubResizeObserver } from './render';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

function renderViewer(ends: { first?: boolean; last?: boolean } = {}) {
  serveBridge();
  // The image stage measures itself to fit; jsdom has no layout, so nothing is ever observed.
  stubResizeObserver();
  const handlers = { onPrevious: vi.fn(), onNext: vi.fn(), onClose: vi.fn(), onDelete: vi.fn() };
  renderWithStudio(
    <LibraryViewer
      item={libraryItem()}
      src="media://item-1.png"
      cover={null}
      position={{ index: ends.first ? 0 : 1, total: 3 }}
      onPrevious={ends.first ? undefined : handlers.onPrevious}
      onNext={ends.last ? undefined : handlers.onNext}
      onClose={handlers.onClose}
      onDelete={handlers.onDelete}
      deleting={false}
    />,
  );
  return handlers;
}

describe('LibraryViewer', () => {
  it('opens as a modal dialog named by the item', () => {
    renderViewer();
    const dialog = screen.getByRole('dialog', { name: 'a red fox in the snow' });
    expect(dialog).toHaveAttribute('open');
  });

  it('steps to the next item with → and the previous with ←', async () => {
    const user = userEvent.setup();
    const { onNext, onPrevious } = renderViewer();
    // Keys pressed anywhere in the dialog (here on its Close button) reach it.
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).not.toHaveBeenCalled();
    await user.keyboard('{ArrowLeft}');
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('offers no Previous at the start of the list', () => {
    renderViewer({ first: true });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('closes with Close, telling the page once', async () => {
    const user = userEvent.setup();
    const { onClose } = renderViewer();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('item-dialog')).not.toHaveAttribute('open');
  });
});
