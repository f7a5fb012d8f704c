// One library tile, by kind, as the grid shows it: a picture and its caption, a video's poster (or its frame
// while no poster is stored) and duration, a track's cover and duration, speech's first words; the cost badge
// ("cost unknown" when the charge is not known); and the tile opens by click and by Enter.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { LibraryTile } from '../../renderer/features/library/library-tile';
import { renderWithStudio, serveBridge } from './render';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

const item = libraryItem;

function renderTile(it: BridgeLibraryItem, thumbnailSrc: string | null, fileSrc: string | null = null) {
  serveBridge();
  const onOpen = vi.fn();
  renderWithStudio(
    <LibraryTile item={it} thumbnailSrc={thumbnailSrc} fileSrc={fileSrc} unit="usd" onOpen={onOpen} />,
  );
  return { onOpen };
}

describe('LibraryTile', () => {
  it('shows an image with its prompt as the picture text and the caption, and its cost', () => {
    renderTile(item(), 'media://item-1.png');
    // Named by what it shows (WCAG 2.5.3): the picture's text once, then the visible cost.
    const tile = screen.getByRole('button', { name: /^a red fox in the snow\s*0\.0400 USD$/ });
    const picture = screen.getByRole('img', { name: 'a red fox in the snow' });
    expect(tile).toContainElement(picture);
    expect(picture).toHaveAttribute('src', 'media://item-1.png');
    expect(screen.getByTestId('tile-caption')).toHaveTextContent('a red fox in the snow');
    expect(screen.getByTestId('tile-cost')).toHaveTextContent('0.04');
    expect(screen.getByTestId('tile-cost')).toHaveTextContent('USD');
  });

  it('says "cost unknown" when the charge is not known', () => {
    renderTile(item({ cost: null, creditsCost: null }), 'media://item-1.png');
    expect(screen.getByTestId('tile-cost')).toHaveTextContent('cost unknown');
  });

  it('shows a video by its stored poster, with its duration', () => {
    renderTile(
      item({
        kind: 'video',
        family: 'video.k',
        mime: 'video/mp4',
        durationSeconds: 65,
        thumbnailRelativePath: 'item-1.webp',
      }),
      'media://item-1.webp',
      'media://item-1.mp4',
    );
    expect(screen.getByTestId('tile-video-poster')).toHaveAttribute('src', 'media://item-1.webp');
    expect(screen.queryByTestId('tile-video-frame')).not.toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('1:05');
  });

  it('shows a video without a poster by its own muted frame, not a generic icon', () => {
    renderTile(
      item({ kind: 'video', family: 'video.k', mime: 'video/mp4', durationSeconds: 8 }),
      null,
      'media://item-1.mp4',
    );
    const frame = screen.getByTestId('tile-video-frame');
    expect(frame.tagName).toBe('VIDEO');
    expect(frame).toHaveAttribute('src', 'media://item-1.mp4');
    expect((frame as HTMLVideoElement).muted).toBe(true);
    expect(screen.getByRole('button')).toHaveTextContent('0:08');
  });

  it('shows a track by its cover and title, with its duration', () => {
    renderTile(
      item({
        kind: 'audio',
        family: 'music.concat',
        mime: 'audio/mpeg',
        durationSeconds: 125,
        title: 'Night Drive',
        thumbnailRelativePath: 'cover.jpg',
      }),
      'media://cover.jpg',
    );
    const tile = screen.getByRole('button', { name: /^Night Drive/ });
    expect(screen.getByRole('img', { name: 'Night Drive' })).toHaveAttribute('src', 'media://cover.jpg');
    expect(tile).toHaveTextContent('2:05');
    expect(screen.getByTestId('tile-caption')).toHaveTextContent('Night Drive');
  });

  it('names a tile with no caption by its kind, beside what it shows', () => {
    renderTile(
      item({ prompt: null, kind: 'audio', family: 'music.concat', mime: 'audio/mpeg', durationSeconds: 5 }),
      null,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName(/^Track\s*0:05\s*0\.0400 USD$/);
  });

  it('shows speech by its first words, cut at a word', () => {
    const prompt =
      'Good evening and welcome to the late news, where tonight we look at the weather, the roads, and the long winter ahead of us all';
    renderTile(
      item({ kind: 'speech', family: 'speech', mime: 'audio/mpeg', durationSeconds: 9, prompt }),
      null,
    );
    const words = screen.getByTestId('tile-speech-words');
    expect(words).toHaveTextContent(/^Good evening and welcome to the late news/);
    expect(words.textContent).toMatch(/…$/);
    expect((words.textContent ?? prompt).length).toBeLessThan(prompt.length);
    // Speech shows its words in the body, not again as a caption.
    expect(screen.queryByTestId('tile-caption')).not.toBeInTheDocument();
  });

  it('opens on click and on Enter', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderTile(item(), 'media://item-1.png');
    await user.click(screen.getByRole('button', { name: /^a red fox in the snow/ }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(item().id);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
