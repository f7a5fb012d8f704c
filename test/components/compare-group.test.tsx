// The compare group page over the real bridge client and router (handlers are fixtures): two results side by side,
// more in a grid, each labelled with its model, what it cost and how long it took; a result not filed yet waits,
// a failed one says why and that it was not charged; and a task event fills a cell in without reloading.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { BridgeLibraryItem } from '../../shared/bridge';
import type { LibraryQuery, TaskRecord } from '../../shared/studio/records';
import type { CompareGroup } from '../../shared/studio/compare-group';
import { CompareGroupPage } from '../../renderer/features/compare/group-page';
import { applyBridgeEvent } from '../../renderer/lib/cache-updates';
import { formatUsd } from '../../renderer/lib/format';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { libraryItem } from '../support/library-item';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const GROUP = 'press-0001';
const batch = (size: number) => ({ id: GROUP, size, compare: true as const });
const T0 = 1_700_000_000_000;

function task(
  id: string,
  family: TaskRecord['family'],
  model: string,
  over: Partial<TaskRecord> = {},
): TaskRecord {
  return {
    ...sampleTask,
    id,
    family,
    model,
    params: { prompt: 'a lighthouse' },
    state: 'completed',
    progress: 100,
    cost: 0.04,
    creditsCost: 0.4,
    createdAt: T0,
    completedAt: T0 + 12_000,
    downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
    ...over,
  };
}

function itemOf(t: TaskRecord): BridgeLibraryItem {
  return libraryItem({
    id: `item-${t.id}`,
    taskId: t.id,
    family: t.family,
    model: t.model,
    path: `/lib/${t.id}.png`,
    prompt: 'a lighthouse',
    batch: t.batch,
  });
}

function renderGroup(tasks: TaskRecord[], filed: TaskRecord[], queued: CompareGroup['queued'] = []) {
  const items = filed.map(itemOf);
  serveBridge({
    tasks: {
      ...fixtureHandlers().tasks,
      group: async ({ batchId }: { batchId: string }) =>
        batchId === GROUP ? { tasks, queued } : { tasks: [], queued: [] },
    },
    library: {
      ...fixtureHandlers().library,
      query: async (q: LibraryQuery | undefined) => {
        const page = items.filter((i) => i.batch?.id === q?.batchId);
        return { items: page, total: page.length };
      },
    },
  });
  return renderWithStudio(
    <Route path="/compare-group/:batch" component={CompareGroupPage} />,
    `/compare-group/${GROUP}`,
  );
}

const cellOf = (label: string) => screen.getByRole('listitem', { name: label });

/** The group's results once shown: the list, its layout, and the model each cell names, in the list's order. */
async function shownResults() {
  const list = await screen.findByRole('list', { name: 'Results, one per model' });
  const models = within(list)
    .queryAllByTestId('group-model')
    .map((m) => m.textContent);
  return { list, layout: list.getAttribute('data-layout'), models };
}

describe('compare group', () => {
  it('three models in a grid, each with its model, cost and time; one still waiting', async () => {
    const i3 = task('a', 'image.i3', 'image_model_id_i3', { batch: batch(3) });
    const i1 = task('b', 'image.i1', 'image_model_id_i1_pro', {
      batch: batch(3),
      cost: 0.03,
      completedAt: T0 + 31_000,
    });
    const i4 = task('c', 'image.i4', 'image_model_id_i4', {
      batch: batch(3),
      state: 'processing',
      progress: 40,
      cost: null,
      creditsCost: null,
      completedAt: null,
    });
    const { client } = renderGroup([i3, i1, i4], [i3, i1]);
    const results = await shownResults();
    expect(results.layout).toBe('grid');
    // In the order of the press, the form's own model first.
    expect(results.models).toEqual(['I3', 'I1 · Pro', 'I4']);
    await waitFor(() => expect(within(cellOf('I3')).getByRole('img')).toHaveAttribute('src', '/media/a.png'));
    expect(within(cellOf('I3')).getByTestId('task-cost')).toHaveTextContent(`${formatUsd(0.04, 'en')} USD`);
    expect(within(cellOf('I3')).getByTestId('group-time')).toHaveTextContent('took 12 s');
    expect(within(cellOf('I1 · Pro')).getByTestId('task-cost')).toHaveTextContent(
      `${formatUsd(0.03, 'en')} USD`,
    );
    expect(within(cellOf('I1 · Pro')).getByTestId('group-time')).toHaveTextContent('took 31 s');
    expect(within(cellOf('I4')).getByText('Waiting for its result…')).toBeVisible();
    expect(within(cellOf('I4')).getByTestId('task-cost')).toHaveTextContent('cost unknown');
    expect(within(cellOf('I4')).getByTestId('group-time')).toHaveTextContent('time unknown');

    // The last one completes: its event reaches the cell (its cost and time), without reading the group again.
    applyBridgeEvent(client, {
      type: 'task',
      task: {
        ...i4,
        state: 'completed',
        cost: 0.02,
        creditsCost: 0.2,
        completedAt: T0 + 20_000,
        updatedAt: T0 + 20_000,
      },
    });
    await waitFor(() =>
      expect(within(cellOf('I4')).getByTestId('task-cost')).toHaveTextContent(`${formatUsd(0.02, 'en')} USD`),
    );
    expect(within(cellOf('I4')).getByTestId('group-time')).toHaveTextContent('took 20 s');
  });

  it('two models side by side; a failed one says why and that it was not charged', async () => {
    const i3 = task('a', 'image.i3', 'image_model_id_i3', { batch: batch(2) });
    const i2 = task('b', 'image.i2', 'image_model_id_i2', {
      batch: batch(2),
      state: 'failed',
      cost: null,
      creditsCost: null,
      completedAt: null,
      error: {
        httpStatus: 400,
        type: 'invalid_request_error',
        code: '',
        message: 'The prompt was refused.',
        param: null,
        retryable: false,
        retryAfterMs: null,
      },
    });
    renderGroup([i3, i2], [i3]);
    expect((await shownResults()).layout).toBe('pair');
    expect(within(cellOf('I2 extended')).getByText(/^No result: /)).toBeVisible();
    expect(within(cellOf('I2 extended')).getByTestId('task-cost')).toHaveTextContent('not charged');
    // Only one of the two has a result: nothing to look at closely yet.
    expect(screen.queryByRole('link', { name: /^Compare these two closely/ })).toBeNull();
  });

  it('two results offer the A/B comparison of their items', async () => {
    const i3 = task('a', 'image.i3', 'image_model_id_i3', { batch: batch(2) });
    const i4 = task('b', 'image.i4', 'image_model_id_i4', { batch: batch(2) });
    renderGroup([i3, i4], [i3, i4]);
    const link = await screen.findByRole('link', { name: /^Compare these two closely/ });
    expect(link).toHaveAttribute('href', '/compare/item-a/item-b');
  });

  it('models still waiting in the queue (beyond the request budget) have their cells, not charged yet', async () => {
    const i3 = task('a', 'image.i3', 'image_model_id_i3', { batch: batch(3) });
    // What the bridge answers: the handler reads these arrays each time it is asked.
    const tasks = [i3];
    const queued = [
      { family: 'image.i5' as const, model: 'image_model_id_i5' },
      { family: 'image.i6' as const, model: 'image_model_id_i6' },
    ];
    const { client } = renderGroup(tasks, [i3], queued);
    const results = await shownResults();
    expect(results.layout).toBe('grid');
    expect(results.models).toEqual(['I3', 'I5 · Standard', 'I6']);
    expect(
      within(cellOf('I6')).getByText('Waiting in the queue: not sent, nothing charged yet.'),
    ).toBeVisible();

    // I5's turn comes: the queue sends it, and its first event makes the view read the group again.
    const i5 = task('d', 'image.i5', 'image_model_id_i5', {
      batch: batch(3),
      state: 'processing',
      cost: null,
      creditsCost: null,
      completedAt: null,
    });
    queued.shift();
    tasks.push(i5);
    applyBridgeEvent(client, { type: 'task', task: i5 });
    await waitFor(() => expect(within(cellOf('I5 · Standard')).getByTestId('task-state')).toBeVisible());
    expect(within(cellOf('I5 · Standard')).getByText('Waiting for its result…')).toBeVisible();
    expect(within(cellOf('I6')).getByText(/^Waiting in the queue/)).toBeVisible();
  });

  it('an id no press used says so', async () => {
    serveBridge({ tasks: { ...fixtureHandlers().tasks, group: async () => ({ tasks: [], queued: [] }) } });
    renderWithStudio(
      <Route path="/compare-group/:batch" component={CompareGroupPage} />,
      '/compare-group/nope',
    );
    expect(await screen.findByText('No task of this group is known here.')).toBeVisible();
  });
});
