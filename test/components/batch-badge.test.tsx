// The badge a tile and the viewer show for an item of a batch: "batch of 6", "comparison of 3 models"; a press
// of one (a single region-edit take, a batch of one prompt) is no batch, and says nothing rather than "batch of 1".
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchBadge } from '../../renderer/features/library/batch-filter';

describe('BatchBadge', () => {
  it('says the batch for two or more, and nothing for a press of one', () => {
    const { rerender } = render(<BatchBadge batch={{ id: 'b', size: 6 }} />);
    expect(screen.getByTestId('batch-badge').textContent).toBe('batch of 6');
    rerender(<BatchBadge batch={{ id: 'c', size: 3, compare: true }} />);
    expect(screen.getByTestId('batch-badge').textContent).toBe('comparison of 3 models');
    rerender(<BatchBadge batch={{ id: 'd', size: 1 }} />);
    expect(screen.queryByTestId('batch-badge')).toBeNull();
  });
});
