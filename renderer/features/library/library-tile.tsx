// One tile of the library grid, by kind: a picture shows itself; a video a frame of itself (its poster, drawn
// once from the file and stored as its thumbnail, so from then on it is a plain picture in a 100k grid); a
// track its cover and duration; speech the first words it says over its waveform (drawn once from the audio
// and stored the same way, speech-wave.ts). Captions (title or prompt) show without
// hovering once the tile is large enough (a container query in library.css).
//
// Kept apart from the grid (library-page.tsx) so the selection layer (lib-bulk) and the cost badge (money)
// can change the grid and the tile with small, separate diffs. Memoised, with plain values and a stable onOpen
// from the grid (library-grid.tsx): scrolling renders the grid on every scroll event, and a tile already on
// screen has nothing new to draw then.
import { memo, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { formatDuration } from '../../lib/format';
import { Icon } from '../../ui/icons';
import { setDrawnPoster } from './api/tags';
import { drawSpeechWave } from './speech-wave';
import { tileDragProps } from './drag-to-create';
import { TileCost } from './tile-cost';
import type { MoneyShown } from '../../lib/money-shown';
import { BatchBadge } from './batch-filter';
import { itemCaption } from './item-caption';

/** Videos whose poster this window has drawn (or could not): each is drawn once, whatever remounts. */
const postersDrawn = new Set<string>();

/** Where in a video its poster is taken: a tenth in, at most a second, past the fade-in many clips start with. */
function posterTime(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 10) : 0;
}

/**
 * A video without a poster yet: the muted element itself shows the frame (no generic icon while waiting),
 * and once it is there the frame is drawn to a canvas and stored as the item's thumbnail. A page that may
 * not read the pixels (a tainted canvas) keeps showing the element.
 */
function VideoFrame({ item, src }: { item: BridgeLibraryItem; src: string }): ReactElement {
  const ref = useRef<HTMLVideoElement>(null);
  return (
    <video
      ref={ref}
      className="tile-media"
      src={src}
      muted
      playsInline
      preload="metadata"
      data-testid="tile-video-frame"
      aria-hidden="true"
      tabIndex={-1}
      onLoadedMetadata={(e) => {
        e.currentTarget.currentTime = posterTime(e.currentTarget.duration);
      }}
      onSeeked={(e) => {
        const video = e.currentTarget;
        if (postersDrawn.has(item.id) || video.videoWidth === 0) return;
        postersDrawn.add(item.id);
        try {
          const width = Math.min(640, video.videoWidth);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = Math.round((video.videoHeight * width) / video.videoWidth);
          canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
          void setDrawnPoster(item.id, canvas.toDataURL('image/webp', 0.82)).catch(() => undefined);
        } catch {
          // A tainted canvas: the element goes on showing the frame.
        }
      }}
    />
  );
}

function Badge({
  kind,
  children,
}: {
  kind: 'video' | 'music' | 'speech';
  children?: ReactNode;
}): ReactElement {
  return (
    <span className="tile-badge">
      <Icon name={kind === 'video' ? 'play' : kind === 'music' ? 'music' : 'speech'} size={12} />
      {children}
    </span>
  );
}

/** The first words of a spoken text, cut at a word near `max` characters. */
export function firstWords(text: string, max = 90): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export const LibraryTile = memo(function LibraryTile({
  item,
  thumbnailSrc,
  fileSrc,
  unit,
  onOpen,
}: {
  item: BridgeLibraryItem;
  /** The item's picture (its thumbnail, or the image itself); null without one. */
  thumbnailSrc: string | null;
  /** The item's file (a video draws its poster from it). */
  fileSrc: string | null;
  /** How the cost badge says money (the grid reads it once for all its tiles: useMoneyUnit). */
  unit: MoneyShown;
  /** Called with the item's id. */
  onOpen: (id: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  const caption = itemCaption(item, t);
  // A file on the remote only (library sync) is not here to show: its thumbnail is, when it has one.
  const remoteOnly = item.remoteOnly === true;
  const hasPicture =
    thumbnailSrc !== null && (item.thumbnailRelativePath !== null || (item.kind === 'image' && !remoteOnly));
  const duration = item.durationSeconds !== null ? formatDuration(item.durationSeconds) : null;
  const needsWave =
    item.kind === 'speech' && item.thumbnailRelativePath === null && fileSrc !== null && !remoteOnly;
  useEffect(() => {
    if (needsWave) void drawSpeechWave(item.id, fileSrc);
  }, [needsWave, item.id, fileSrc]);

  let body: ReactNode;
  if (item.kind === 'speech') {
    body = (
      <span className="tile-speech">
        {hasPicture ? (
          <img
            className="tile-speech-wave"
            src={thumbnailSrc}
            alt=""
            loading="lazy"
            decoding="async"
            data-testid="tile-speech-wave"
          />
        ) : null}
        <span className="tile-speech-mark" aria-hidden="true">
          “
        </span>
        <span className="tile-speech-words" data-testid="tile-speech-words">
          {item.prompt ? firstWords(item.prompt) : t('library.noPrompt')}
        </span>
      </span>
    );
  } else if (hasPicture) {
    body = (
      <img
        className="tile-media"
        src={thumbnailSrc}
        alt={caption ?? ''}
        loading="lazy"
        decoding="async"
        data-testid={item.kind === 'video' ? 'tile-video-poster' : undefined}
      />
    );
  } else if (item.kind === 'video' && fileSrc && !remoteOnly) {
    body = <VideoFrame item={item} src={fileSrc} />;
  } else {
    // A track without a cover (or a file the page cannot show): the kind's art, not a broken picture.
    body = (
      <span className={`tile-art tile-art-${item.kind}`}>
        <Icon name={item.kind === 'audio' ? 'music' : item.kind === 'video' ? 'video' : 'image'} size={36} />
      </span>
    );
  }

  return (
    <button
      type="button"
      className={`tile tile-${item.kind}`}
      onClick={() => onOpen(item.id)}
      data-testid="library-item"
      data-kind={item.kind}
      title={item.origin ? t('library.madeOn', { name: item.origin }) : undefined}
      // Dragged onto Create it is used as a reference; Alt in the desktop app drags the file out.
      {...tileDragProps(item)}
    >
      {!caption && item.kind !== 'speech' ? (
        <span className="visually-hidden">{t(`library.kindOne.${item.kind}`)}</span>
      ) : null}
      {body}
      {item.favourite ? (
        <span className="tile-star" data-testid="tile-favourite">
          <Icon name="star" size={13} />
        </span>
      ) : null}
      {item.kind === 'video' ? <Badge kind="video">{duration}</Badge> : null}
      {item.kind === 'audio' ? <Badge kind="music">{duration}</Badge> : null}
      {item.kind === 'speech' ? <Badge kind="speech">{duration}</Badge> : null}
      {/* The tile is named by what it shows (WCAG 2.5.3): the picture's alt, or the caption, then the badges and
          the cost. A caption that repeats the picture's alt is hidden from the name so it is not said twice. */}
      {caption && item.kind !== 'speech' ? (
        <span className="tile-caption" data-testid="tile-caption" aria-hidden={hasPicture ? true : undefined}>
          {caption}
        </span>
      ) : null}
      {remoteOnly ? (
        <span className="tile-remote" data-testid="tile-not-downloaded">
          <Icon name="download" size={13} />
          {t('library.notDownloaded')}
        </span>
      ) : null}
      <BatchBadge batch={item.batch} />
      <TileCost item={item} unit={unit} />
    </button>
  );
});
