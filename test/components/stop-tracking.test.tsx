// Stop tracking throws nothing away: the press asks first, saying that the gateway may still finish
// and charge the task, and sends nothing until the person confirms; a stopped task keeps its row and says it may
// still be charged (never "not charged"), with Track again, which asks the bridge to track that same task.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRecord } from '../../shared/studio/records';
import { TaskRow } from '../../renderer/features/tasks/task-row';
import { TaskNotices } from '../../renderer/ui/task-notices';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const running: TaskRecord = { ...sampleTask, state: 'processing', remoteId: 'task_remote_1', progress: 40 };
const stopped: TaskRecord = { ...running, state: 'stopped' };

function row(task: TaskRecord) {
  return (
    <TaskRow
      task={task}
      now={task.createdAt + 60_000}
      thumbnail={null}
      download={undefined}
      current={false}
      index={0}
      setSize={1}
      top={0}
      measureRef={() => {}}
    />
  );
}

describe('Stop tracking', () => {
  it('asks first, saying what happens to the charge; Keep tracking sends nothing, Stop tracking stops it', async () => {
    const stop = vi.fn(async () => stopped);
    serveBridge({ tasks: { ...fixtureHandlers().tasks, stop } });
    renderWithStudio(row(running));
    await userEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Stop tracking this task?' });
    expect(ask).toHaveTextContent('The gateway may still finish it and charge it');
    expect(ask).toHaveTextContent('Track again saves its result later without paying again');
    expect(stop).not.toHaveBeenCalled();
    // The safe answer has the focus: a stray Enter keeps tracking.
    expect(within(ask).getByRole('button', { name: 'Keep tracking' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(stop).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Stop tracking' }));
    const again = await screen.findByRole('alertdialog', { name: 'Stop tracking this task?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() => expect(stop).toHaveBeenCalledWith({ id: running.id }));
  });

  it('a stopped task says it may still be charged, and Track again asks for that same task', async () => {
    const track = vi.fn(async () => ({ ...stopped, state: 'submitted' as const }));
    serveBridge({ tasks: { ...fixtureHandlers().tasks, track } });
    renderWithStudio(<TaskNotices task={stopped} />);
    const notice = screen.getByTestId('task-stopped');
    expect(notice).toHaveTextContent('No longer tracked: the gateway may still finish and charge this task.');
    expect(notice).toHaveTextContent('nothing is sent again and nothing more is charged');
    expect(notice).not.toHaveTextContent(/not charged|Nothing was charged/);
    await userEvent.click(within(notice).getByRole('button', { name: 'Track again' }));
    await waitFor(() => expect(track).toHaveBeenCalledWith({ id: stopped.id }));
  });

  it('a stopped task the gateway never named offers only the charge check, not Track again', () => {
    serveBridge({ tasks: fixtureHandlers().tasks });
    renderWithStudio(<TaskNotices task={{ ...stopped, remoteId: null }} />);
    const notice = screen.getByTestId('task-stopped');
    expect(within(notice).queryByRole('button', { name: 'Track again' })).toBeNull();
    expect(within(notice).getByRole('button', { name: 'Check the charge' })).toBeInTheDocument();
  });
});
