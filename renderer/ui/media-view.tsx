// One library file shown as what it is: a picture, a video that plays with its controls, or an audio player
// under the track's cover. The Create preview and the library dialog show results the same way.
import type { ReactElement } from 'react';
import type { LibraryKind } from '../../shared/studio/records';
import { AudioPlayer } from './audio-player';

export interface MediaViewProps {
  kind: LibraryKind;
  src: string;
  /** A still for audio (a music track's cover); ignored for pictures and video. */
  cover?: string | null;
  /** Alternative text for a picture, the caption of a track. */
  label: string;
  /** Start a video playing (muted, so the browser allows it) as soon as it is shown. */
  autoPlay?: boolean;
  testId?: string;
  /** The file's type: raw PCM speech needs wrapping before it plays. */
  mime?: string;
}

export function MediaView({ kind, src, cover, label, autoPlay, testId, mime }: MediaViewProps): ReactElement {
  if (kind === 'image') return <img src={src} alt={label} data-testid={testId} />;
  if (kind === 'video') {
    return (
      <video
        src={src}
        controls
        autoPlay={autoPlay}
        muted={autoPlay}
        loop={autoPlay}
        playsInline
        aria-label={label}
        data-testid={testId}
      />
    );
  }
  return (
    <figure className="media-audio" data-testid={testId}>
      {cover ? <img src={cover} alt="" /> : null}
      {label ? <figcaption>{label}</figcaption> : null}
      <AudioPlayer src={src} {...(mime !== undefined && { mime })} label={label || undefined} />
    </figure>
  );
}
