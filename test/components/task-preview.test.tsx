// The Create page's latest-task panel shows what the task produced, as what it is.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLibraryItem } from '../../shared/bridge';
import type { LibraryKind, TaskRecord } from '../../shared/studio/records';
import { TaskPreview } from '../../renderer/features/create/task-preview';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { libraryItem } from '../support/library-item';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const done: TaskRecord = { ...sampleTask, state: 'completed', progress: 100 };

function item(kind: LibraryKind, file: string, extra: Partial<BridgeLibraryItem> = {}): BridgeLibraryItem {
  return libraryItem({
    id: `item-${file}`,
    kind,
    path: `/lib/${file}`,
    mime: 'application/octet-stream',
    prompt: 'a red fox',
    model: done.model,
    family: done.family,
    taskId: done.id,
    remoteTaskId: done.remoteId,
    cost: null,
    ...extra,
  });
}

/** The library answers by task id; its first page (what the preview once scanned) holds only other tasks' items. */
function renderPreview(task: TaskRecord, items: BridgeLibraryItem[]) {
  const asked: string[] = [];
  serveBridge({
    tasks: { ...fixtureHandlers().tasks, list: async () => ({ tasks: [task], total: 1 }) },
    library: {
      ...fixtureHandlers().library,
      query: async () => ({ items: [item('image', 'someone-else.png', { taskId: 'other' })], total: 500 }),
      forTask: async ({ taskId }: { taskId: string }) => {
        asked.push(taskId);
        return items.filter((i) => i.taskId === taskId);
      },
    },
  });
  return { ...renderWithStudio(<TaskPreview submitted={task} kind="image" />), asked };
}

describe('TaskPreview', () => {
  it('shows a finished picture, asked for by its task id (not found by scanning the first library page)', async () => {
    const { asked } = renderPreview(done, [item('image', 'fox.png')]);
    expect(await screen.findByRole('img', { name: 'a red fox' })).toHaveAttribute('src', '/media/fox.png');
    expect(asked).toEqual([done.id]);
    expect(screen.queryByRole('img', { name: /someone-else/ })).toBeNull();
  });

  it('[TASK-12] plays a finished video with its controls, not as a broken picture', async () => {
    renderPreview({ ...done, family: 'video.v1', kind: 'video' }, [item('video', 'clip.mp4')]);
    const video = await screen.findByTestId('preview-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/clip.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('[EP-MUSIC-1] gives each track an audio player under its cover', async () => {
    renderPreview({ ...done, family: 'music.generateMp4', kind: 'music', endpoint: 'music' }, [
      item('audio', 'song.mp3', {
        thumbnailRelativePath: 'song-cover.png',
        title: 'Night Drive',
        trackIndex: 1,
      }),
    ]);
    const track = await screen.findByTestId('preview-audio');
    expect(track.querySelector('audio')).toHaveAttribute('src', '/media/song.mp3');
    expect(track.querySelector('audio')).toHaveAttribute('controls');
    expect(track.querySelector('img')).toHaveAttribute('src', '/media/song-cover.png');
    expect(track).toHaveTextContent('Night Drive');
  });

  it('[TASK-8] [STATE-7] says the cost: charged, unknown (never 0) or not charged for a failure', async () => {
    const { unmount } = renderPreview({ ...done, cost: 0.04, creditsCost: 0.4 }, []);
    await expect.poll(() => screen.getByTestId('task-cost').textContent).toBe('0.0400 USD');
    unmount();
    const second = renderPreview({ ...done, cost: null, creditsCost: null }, []);
    await expect.poll(() => screen.getByTestId('task-cost').textContent).toBe('cost unknown');
    second.unmount();
    renderPreview({ ...sampleTask, state: 'failed', cost: null, creditsCost: null }, []);
    await expect.poll(() => screen.getByTestId('task-cost').textContent).toBe('not charged');
  });

  it('an outcome unknown says "may have charged" once and never "Nothing was charged" beside it', async () => {
    // A row kept before the fix: an error body under HTTP 200 read as an answer whose outcome is unknown, its
    // error still typed as the moderation refusal whose sentence says nothing was charged.
    renderPreview(
      {
        ...sampleTask,
        state: 'interrupted',
        remoteId: null,
        error: {
          httpStatus: 200,
          type: 'nsfw_content_detected',
          code: 'nsfw_content_detected',
          message:
            'The gateway may have charged this task, but the app could not learn its id (its answer could not be read).',
          param: null,
          retryable: false,
          retryAfterMs: null,
        },
      },
      [],
    );
    const preview = await screen.findByTestId('task-preview');
    await screen.findByText('The gateway may have charged this task.');
    expect(screen.getByTestId('preview-unknown')).toHaveTextContent('Outcome unknown');
    expect(preview).not.toHaveTextContent(/Nothing was charged|not charged/i);
  });

  it('promises a picture only for families that make pictures', async () => {
    serveBridge();
    const { rerender } = renderWithStudio(<TaskPreview submitted={null} kind="image" />);
    expect(screen.getByText('Your picture will appear here')).toBeVisible();
    rerender(<TaskPreview submitted={null} kind="video" />);
    expect(screen.getByText('Your video will appear here')).toBeVisible();
    rerender(<TaskPreview submitted={null} kind="music" />);
    expect(screen.getByText('Your track will appear here')).toBeVisible();
    expect(screen.queryByText('Your picture will appear here')).toBeNull();
  });
});
