// The in-app confirmation that replaced window.confirm: an alertdialog named by its title, Cancel focused first,
// Tab kept inside, Esc cancels, and focus returns to the button that asked.
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../renderer/ui/confirm-dialog';

function Asker({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete</button>
      {open ? (
        <ConfirmDialog
          title="Delete this file?"
          message="Delete this file from the library and the disk?"
          confirmLabel="Delete for good"
          danger
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its message, with Cancel focused', async () => {
    const user = userEvent.setup();
    render(<Asker onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this file?' });
    expect(dialog).toHaveAccessibleDescription('Delete this file from the library and the disk?');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keeps Tab inside, both ways', async () => {
    const user = userEvent.setup();
    render(<Asker onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete for good' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete for good' })).toHaveFocus();
  });

  it('Esc cancels: nothing is confirmed, the dialog goes and focus returns to the asking button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asker onConfirm={onConfirm} />);
    const asker = screen.getByRole('button', { name: 'Delete' });
    await user.click(asker);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(asker).toHaveFocus();
  });

  it('the confirm button confirms, once', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asker onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
