// The queue panel on the Tasks page: an item already at the gateway is cancelled only after the person is told
// that the gateway may still charge it and confirms; one never sent is cancelled at once, "not charged".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QueueItem, QueueView } from '../../shared/studio/queue';
import { QueuePanel } from '../../renderer/features/tasks/queue-panel';
import { Toasts } from '../../renderer/ui/toasts';
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
  createdAt: 0,
  taskId: 'local-1',
  taskState: 'processing',
  error: null,
  charge: null,
  estimateUsd: null,
  estimateSeconds: null,
  aheadUsd: null,
  aheadSeconds: null,
  aheadUnknown: 0,
  expectedStartAt: null,
  ...over,
});

function serveQueue(items: QueueItem[]) {
  const asked: { ids: string[]; atGateway?: boolean }[] = [];
  const view: QueueView = { paused: false, pausedReason: null, startAt: null, parallel: 2, items };
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
    fireEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() =>
      expect(asked).toEqual([
        { ids: ['q-1'], atGateway: false },
        { ids: ['q-1'], atGateway: true },
      ]),
    );
    await screen.findByText('No longer tracked. The gateway may still charge it.');
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
});
