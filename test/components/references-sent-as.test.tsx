// Task details say how the reference pictures went to the gateway: uploaded and sent as links, or
// inline as data URLs with why.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRecord } from '../../shared/studio/records';
import { ReferencesSentAsNote } from '../../renderer/ui/task-notices';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio } from './render';

afterEach(() => vi.unstubAllGlobals());

const withSent = (referencesSentAs: TaskRecord['referencesSentAs']): TaskRecord => ({
  ...sampleTask,
  ...(referencesSentAs && { referencesSentAs }),
});

describe('ReferencesSentAsNote', () => {
  it('says an upload, an inline send and why, and nothing for a task without pictures', () => {
    const { unmount } = renderWithStudio(
      <ReferencesSentAsNote task={withSent({ how: 'upload', reason: null, detail: null })} />,
    );
    expect(screen.getByText('Reference pictures: uploaded to the gateway and sent as links.')).toBeVisible();
    unmount();
    const second = renderWithStudio(
      <ReferencesSentAsNote task={withSent({ how: 'data_url', reason: 'not_offered', detail: null })} />,
    );
    expect(
      screen.getByText('Reference pictures: sent inline as data URLs (this gateway offers no uploads).'),
    ).toBeVisible();
    second.unmount();
    renderWithStudio(<ReferencesSentAsNote task={withSent(undefined)} />);
    expect(screen.queryByTestId('task-references-sent-as')).toBeNull();
  });
});
