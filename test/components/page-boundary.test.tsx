// A page that throws while rendering shows a sentence and a way back, never a blank window; retrying shows the
// page again once it renders.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageBoundary } from '../../renderer/ui/page-boundary';
import { renderWithStudio } from './render';

afterEach(() => vi.restoreAllMocks());

let broken = true;
function Fragile() {
  if (broken) throw new Error('render bug');
  return <h1>Tasks page</h1>;
}

describe('PageBoundary', () => {
  it('shows a sentence, a retry and a way back instead of a blank page, and retries on request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    renderWithStudio(
      <PageBoundary home="/create">
        <Fragile />
      </PageBoundary>,
      '/tasks',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown');
    expect(screen.getByRole('link', { name: 'Go to Create' })).toHaveAttribute('href', '/create');
    expect(logged).toHaveBeenCalled();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Show it again' }));
    expect(screen.getByRole('heading', { name: 'Tasks page' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
