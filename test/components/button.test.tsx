// A busy button keeps the focus of whoever pressed it (a disabled one would drop it to the page's body) and still
// refuses a second press: its click, and Enter in its form's field, which submits through it, do nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../renderer/ui/button';

function SaveForm({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
        setBusy(true);
      }}
    >
      <label>
        Name
        <input />
      </label>
      <Button type="submit" busy={busy}>
        Save
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('keeps the focus while busy and refuses a second press, by click, Enter or a field’s Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SaveForm onSubmit={onSubmit} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveFocus();
    await user.click(save);
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Name'), 'a{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is disabled only when told so, not while busy', () => {
    render(
      <>
        <Button disabled>Off</Button>
        <Button busy>Working</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Off' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Working' })).toBeEnabled();
  });
});
