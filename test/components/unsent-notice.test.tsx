// A task a start found never sent (a crash, a disk too full to record that it failed) says where the person looks
// that nothing was charged and that it waits for them, never "the gateway may have charged"; Send it goes
// through the bridge's retrySubmission (which checks it against the spending limits in the main process).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEVER_SENT_CODE } from '../../shared/studio/records';
import type { TaskRecord } from '../../shared/studio/records';
import { TaskNotices } from '../../renderer/ui/task-notices';
import { TaskStatePill } from '../../renderer/ui/task-status';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const held: TaskRecord = {
  ...sampleTask,
  remoteId: null,
  state: 'interrupted',
  error: {
    httpStatus: null,
    type: 'interrupted',
    code: NEVER_SENT_CODE,
    message: 'Not sent: the app stopped before this task was sent, so nothing was charged.',
    param: null,
    retryable: false,
    retryAfterMs: null,
  },
};

describe('a task never sent', () => {
  it('says nothing was charged, and Send it asks the bridge to send that task', async () => {
    const retrySubmission = vi.fn(async () => ({ ...held, state: 'submitting' as const, error: null }));
    serveBridge({ tasks: { ...fixtureHandlers().tasks, retrySubmission } });
    renderWithStudio(
      <>
        <TaskStatePill task={held} />
        <TaskNotices task={held} />
      </>,
    );
    expect(screen.getByTestId('task-state')).toHaveTextContent('Not sent: not charged');
    const notice = screen.getByTestId('task-unsent');
    expect(notice).toHaveTextContent('Not sent: nothing was charged.');
    expect(screen.queryByText(/may have charged/)).toBeNull();
    expect(within(notice).queryByRole('button', { name: 'Check the charge' })).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(retrySubmission).toHaveBeenCalledWith({ id: held.id }));
  });
});
