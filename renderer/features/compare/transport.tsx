// The one play/pause and the one position bar that drive both sides of a comparison.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/format';
import type { SyncedMedia } from './use-synced-media';

export function Transport({ media }: { media: SyncedMedia }): ReactElement {
  const { t } = useTranslation();
  const { playing, time, duration, toggle, seek } = media;
  return (
    <div className="compare-transport">
      <button
        type="button"
        className="compare-play"
        onClick={toggle}
        aria-label={playing ? t('compare.pauseBoth') : t('compare.playBoth')}
        data-testid="compare-play"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          {playing ? (
            <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
          ) : (
            <path d="M8 5v14l11-7z" fill="currentColor" />
          )}
        </svg>
      </button>
      <input
        type="range"
        className="compare-seek"
        min={0}
        max={duration || 0}
        step={0.01}
        value={Math.min(time, duration || 0)}
        disabled={duration === 0}
        onChange={(event) => seek(Number(event.target.value))}
        aria-label={t('compare.position')}
        aria-valuetext={`${formatDuration(time)} / ${formatDuration(duration)}`}
      />
      <span className="compare-time">
        {formatDuration(time)} / {formatDuration(duration)}
      </span>
    </div>
  );
}
