// The queue panel on the Tasks page: an item already at the gateway is cancelled only after the person is told
// that the gateway may still charge it and confirms; one never sent is cancelled at once, "not charged". A waiting
// item moves from the keyboard (Alt+ArrowUp/Down) and keeps the focus; a drop lands before or after its target;
// a recipe's step names its recipe and is tried again from its run, not from here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  UNESTIMATED_QUEUE_ITEM,
  type QueueItem,
  type QueueMove,
  type QueueView,
} from '../../shared/studio/queue';
import type { SpendCheck, SpendStop } from '../../shared/studio/spending';
import { QueuePanel, queueStatusLine } from '../../renderer/features/tasks/queue-panel';
import { dropMove, stepMove } from '../../renderer/features/tasks/use-queue-drag';
import { Toasts } from '../../renderer/ui/toasts';
import { translator } from '../renderer/i18n-instance';
import { renderWithStudio, serveBridge } from './render';

const item = (over: Partial<QueueItem>): QueueItem => ({
  id: 'q-1',
  position: null,
  state: 'sent',
  origin: 'queue',
  group: 'press-1',
  family: 'image.i3',
  model: 'image_model_id_i3',
  prompt: 'a lighthouse at dusk',
  recipe: null,
  createdAt: 0,
  taskId: 'local-1',
  taskState: 'processing',
  error: null,
  charge: null,
  ...UNESTIMATED_QUEUE_ITEM,
  ...over,
});

function serveQueue(items: QueueItem[]) {
  const asked: { ids: string[]; atGateway?: boolean }[] = [];
  const view: QueueView = {
    paused: false,
    pausedReason: null,
    pausedFor: null,
    pausedToConfirm: false,
    startAt: null,
    parallel: 2,
    items,
  };
  serveBridge({
    queue: {
      view: async () => view,
      cancel: async (input: { ids: string[]; atGateway?: boolean }) => {
        asked.push(input);
        return input.atGateway || input.ids[0] !== 'q-1'
          ? { cancelled: input.ids, atGateway: [] }
          : { cancelled: [], atGateway: input.ids };
      },
    },
  });
  return asked;
}

describe('the queue panel', () => {
  it('asks before it stops tracking an item already at the gateway', async () => {
    const asked = serveQueue([item({})]);
    renderWithStudio(
      <>
        <QueuePanel />
        <Toasts />
      </>,
    );
    const row = await screen.findByRole('listitem', { name: 'a lighthouse at dusk' });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Already at the gateway' });
    expect(dialog.textContent).toContain('The gateway may still finish it and charge it');
    // A row's own Cancel asks about that row: it selects nothing on the way.
    expect(screen.queryByRole('button', { name: /^Cancel selected/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() =>
      expect(asked).toEqual([
        { ids: ['q-1'], atGateway: false },
        { ids: ['q-1'], atGateway: true },
      ]),
    );
    await screen.findByText('No longer tracked. The gateway may still charge it.');
  });

  it('keeps "Cancel selected" while it asks about a selected item at the gateway, and gives it the focus back', async () => {
    const asked = serveQueue([
      item({}),
      item({
        id: 'q-2',
        prompt: 'a harbour at noon',
        state: 'waiting',
        position: 1,
        taskId: null,
        taskState: null,
      }),
    ]);
    renderWithStudio(<QueuePanel />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select a lighthouse at dusk' }));
    const cancelSelected = screen.getByRole('button', { name: 'Cancel selected (1)' });
    cancelSelected.focus();
    fireEvent.click(cancelSelected);
    await screen.findByRole('alertdialog', { name: 'Already at the gateway' });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel selected (1)' })).toHaveFocus();
    expect(asked).toEqual([{ ids: ['q-1'], atGateway: false }]);
  });

  it('cancels an item never sent at once, saying it is not charged', async () => {
    const asked = serveQueue([
      item({ id: 'q-2', state: 'waiting', position: 1, taskId: null, taskState: null }),
    ]);
    renderWithStudio(
      <>
        <QueuePanel />
        <Toasts />
      </>,
    );
    await screen.findByText('No. 1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Cancelled before it was sent: not charged.');
    expect(asked).toEqual([{ ids: ['q-2'], atGateway: false }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('moves a waiting item from the keyboard, says where it went and keeps the focus on it', async () => {
    const waiting = (ids: string[]) =>
      ids.map((id, i) =>
        item({
          id,
          prompt: `prompt ${id}`,
          state: 'waiting',
          position: i + 1,
          taskId: null,
          taskState: null,
        }),
      );
    let order = ['a', 'b', 'c'];
    const moves: { id: string; to: QueueMove }[] = [];
    const view = (): QueueView => ({
      paused: true,
      pausedReason: null,
      pausedFor: null,
      pausedToConfirm: false,
      startAt: null,
      parallel: 2,
      items: waiting(order),
    });
    serveBridge({
      queue: {
        view: async () => view(),
        move: async (input: { id: string; to: QueueMove }) => {
          moves.push(input);
          order = ['b', 'a', 'c'];
          return view();
        },
      },
    });
    renderWithStudio(<QueuePanel />);
    const handle = await screen.findByRole('button', { name: 'Reorder prompt a' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown', altKey: true });
    await screen.findByText('prompt a is now No. 2');
    expect(moves).toEqual([{ id: 'a', to: { before: 'c' } }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reorder prompt a' })),
    );
    // Without Alt the arrows are left to the page (scrolling), and nothing moves.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Reorder prompt a' }), { key: 'ArrowUp' });
    expect(moves).toHaveLength(1);
  });

  it('reads a drop as before or after its target, and a step as one place up or down', () => {
    const line = ['a', 'b', 'c'].map((id) => item({ id, state: 'waiting' }));
    expect(dropMove(line, 'c', 'a', 'before')).toEqual({ before: 'a' });
    expect(dropMove(line, 'a', 'b', 'after')).toEqual({ before: 'c' });
    expect(dropMove(line, 'a', 'c', 'after')).toBe('back');
    expect(dropMove(line, 'b', 'b', 'before')).toBeNull();
    expect(stepMove(line, 'a', -1)).toBeNull();
    expect(stepMove(line, 'b', -1)).toEqual({ before: 'a' });
    expect(stepMove(line, 'b', 1)).toBe('back');
    expect(stepMove(line, 'c', 1)).toBeNull();
  });

  it('names the recipe a step belongs to and leaves its retry to the run', async () => {
    serveQueue([
      item({
        id: 'q-3',
        prompt: 'slow push in',
        taskState: 'failed',
        recipe: { run: 'run-1', name: 'Picture to video', step: 2, steps: 2 },
      }),
    ]);
    renderWithStudio(<QueuePanel />);
    const row = await screen.findByRole('listitem', { name: 'slow push in' });
    expect(row.textContent).toContain('Recipe “Picture to video”, step 2 of 2');
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  // The facts the limits paused the queue with, as the core keeps them: a press above a threshold, and a
  // daily budget already spent.
  const check = (over: Partial<SpendCheck>): SpendCheck => ({
    unit: 'usd',
    timeZone: 'UTC',
    estimate: 3,
    unknown: 0,
    unpricedModels: [],
    confirmAbove: 2,
    needsConfirmation: true,
    refusal: null,
    ...over,
  });
  const pausedBy = (pausedFor: SpendStop, reason: string): QueueView => ({
    paused: true,
    pausedReason: reason,
    pausedFor,
    pausedToConfirm: pausedFor.kind === 'confirm',
    startAt: null,
    parallel: 2,
    items: [],
  });
  const confirm = pausedBy(
    { kind: 'confirm', check: check({}) },
    'This will probably cost about 3.00 USD, above your confirmation threshold of 2.00 USD.',
  );
  const resetsAt = Date.UTC(2026, 10, 27);
  const budget = pausedBy(
    {
      kind: 'budget',
      check: check({
        estimate: 1.5,
        needsConfirmation: false,
        refusal: {
          window: {
            period: 'day',
            start: resetsAt - 86_400_000,
            resetsAt,
            charged: 10,
            estimated: 0,
            spent: 10,
            unpriced: 0,
            limit: 10,
          },
          needed: 1.5,
          unpriced: null,
        },
      }),
    },
    'Not sent: your daily budget is 10.00 USD and 10.00 USD has been spent today; this would add about 1.50 USD.',
  );

  it('paused by a confirmation: its facts worded in English, naming the button that answers it', async () => {
    serveBridge({ queue: { view: async () => confirm } });
    renderWithStudio(<QueuePanel />);
    const status = await screen.findByTestId('queue-status');
    await waitFor(() =>
      expect(status.textContent).toBe(
        'Paused: This will probably cost about 3.00 USD, above your confirmation threshold of 2.00 USD. ' +
          'Press “Resume queue” to send it.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Resume queue' })).toBeTruthy();
  });

  it('paused by the limits, in Chinese: the threshold and the budget worded in Chinese, not the English text', async () => {
    await i18next.changeLanguage('zh-CN');
    try {
      serveBridge({ queue: { view: async () => confirm } });
      renderWithStudio(<QueuePanel />);
      const status = await screen.findByTestId('queue-status');
      await waitFor(() =>
        expect(status.textContent).toBe(
          '已暂停：本次预计花费约 3.00 美元，高于您设置的确认阈值 2.00 美元。 按“继续队列”即可发送。',
        ),
      );
      expect(status.textContent).not.toMatch(/[A-Za-z]{3,}/);
    } finally {
      await i18next.changeLanguage('en');
    }
    // Paused by a budget, resuming is not the answer: which budget, what was spent and what it would add.
    const zh = await translator('zh-CN');
    const line = queueStatusLine(budget, zh, 'zh-CN');
    expect(line).toMatch(
      /^已暂停：未发送：您的每日预算为 10\.00 美元，今天已花费 10\.00 美元；本次约需 1\.50 美元。/,
    );
    expect(line).not.toContain('Not sent');
    const t = await translator('en');
    expect(queueStatusLine(budget, t, 'en')).toMatch(
      /^Paused: Not sent: your daily budget is 10\.00 USD and 10\.00 USD has been spent today; this would add about 1\.50 USD\./,
    );
  });

  it('a pause kept before its facts were (text only) shows its English sentence as it is, in both languages', async () => {
    const facts = 'This will probably cost about 3.00 USD, above your confirmation threshold of 2.00 USD.';
    const old: QueueView = { ...confirm, pausedFor: null, pausedReason: facts };
    const zh = await translator('zh-CN');
    expect(queueStatusLine(old, zh, 'zh-CN')).toBe(`已暂停：${facts} 按“继续队列”即可发送。`);
    const t = await translator('en');
    expect(queueStatusLine({ ...old, pausedToConfirm: false }, t, 'en')).toBe(`Paused: ${facts}`);
  });
});
