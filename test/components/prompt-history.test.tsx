// The prompt history around a prompt field: ↑ in the empty field opens it with the search focused, typing asks
// the bridge for matching prompts, ↓ and Enter insert one and give the field its focus back; each entry says
// its cost and a failed one says so; Pin and Forget act on the active entry.
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BridgeHistoryEntry } from '../../shared/bridge/history-schemas';
import { WithPromptHistory } from '../../renderer/ui/prompt-history';
import { renderWithStudio, serveBridge } from './render';

const entry = (text: string, extra: Partial<BridgeHistoryEntry> = {}): BridgeHistoryEntry => ({
  text,
  family: 'image.i3',
  sentAt: 1_700_000_000_000,
  uses: 1,
  pinned: false,
  taskId: `task-${text.length}`,
  state: 'completed',
  cost: 0.02,
  creditsCost: 0.2,
  itemId: null,
  item: null,
  ...extra,
});

const ENTRIES = [
  entry('a fox that fails', { state: 'failed', cost: null, creditsCost: null }),
  entry('a fox in snow'),
  entry('a heron at dawn'),
];

function Prompt() {
  const [value, setValue] = useState('');
  return (
    <WithPromptHistory onInsert={setValue}>
      <label htmlFor="p">Prompt</label>
      <textarea id="p" value={value} onChange={(e) => setValue(e.target.value)} />
    </WithPromptHistory>
  );
}

function serve() {
  const list = vi.fn(async (query?: { search?: string }) =>
    ENTRIES.filter((e) => e.text.includes(query?.search ?? '')),
  );
  const pin = vi.fn(async () => ({ ok: true as const }));
  const forget = vi.fn(async () => ({ forgotten: 1 }));
  serveBridge({ history: { list, pin, forget } });
  return { list, pin, forget };
}

describe('WithPromptHistory', () => {
  it('opens with ↑ in the empty field, filters as typed, and ↓ Enter inserts the prompt', async () => {
    const { list } = serve();
    const user = userEvent.setup();
    renderWithStudio(<Prompt />);
    await user.click(screen.getByLabelText('Prompt'));
    await user.keyboard('{ArrowUp}');
    const search = screen.getByRole('combobox', { name: 'Search your prompts' });
    expect(search).toHaveFocus();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Failed');
    expect(screen.getAllByRole('option')[1]).toHaveTextContent('0.0200 USD');

    await user.keyboard('fox');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(list).toHaveBeenLastCalledWith({ texts: 'prompts', search: 'fox' });
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Prompt')).toHaveValue('a fox in snow');
    expect(screen.getByLabelText('Prompt')).toHaveFocus();
  });

  it('↑ in a field with text moves the caret as usual; the History button opens it, Esc closes it', async () => {
    serve();
    const user = userEvent.setup();
    renderWithStudio(<Prompt />);
    await user.type(screen.getByLabelText('Prompt'), 'a line');
    await user.keyboard('{ArrowUp}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('dialog', { name: 'Prompt history' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus goes back to the button that opened it; after ↑, to the field.
    expect(screen.getByRole('button', { name: 'History' })).toHaveFocus();
    await user.clear(screen.getByLabelText('Prompt'));
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('combobox', { name: 'Search your prompts' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Prompt')).toHaveFocus();
  });

  it('pins and forgets the active entry', async () => {
    const { pin, forget } = serve();
    const user = userEvent.setup();
    renderWithStudio(<Prompt />);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(pin).toHaveBeenCalledWith({ text: 'a heron at dawn', pinned: true }));
    await user.click(screen.getByRole('button', { name: 'Forget this prompt' }));
    await waitFor(() => expect(forget).toHaveBeenCalledWith({ text: 'a heron at dawn' }));
  });
});
