// An audio file that plays whatever its format. Browsers cannot play raw PCM (no header says its rate or
// sample size: <audio> fails with MEDIA_ERR_SRC_NOT_SUPPORTED, code 4), so a PCM file is fetched, wrapped as
// WAV with the gateway's default sample format and played from a blob URL, and the player says what it is.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { RAW_PCM_MIMES, SPEECH_PCM_FORMAT, wavFromPcm } from '../../shared/catalog';

export const isRawPcm = (mime: string | undefined): boolean =>
  mime !== undefined && RAW_PCM_MIMES.includes(mime.split(';')[0]?.trim().toLowerCase() ?? '');

export interface AudioPlayerProps {
  src: string;
  mime?: string;
  label?: string;
  autoPlay?: boolean;
  testId?: string;
}

type Playable = { state: 'ready'; url: string } | { state: 'loading' } | { state: 'failed'; message: string };

/** The blob URL of the WAV made from a raw PCM file, revoked when the source changes or the player goes. */
export function usePcmAsWav(src: string, enabled: boolean): Playable {
  // Keyed by source, so a new file reads as loading without resetting state inside the effect.
  const [result, setResult] = useState<{ src: string; playable: Playable } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let url: string | null = null;
    let cancelled = false;
    fetch(src)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const wav = wavFromPcm(new Uint8Array(await response.arrayBuffer()));
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([wav], { type: 'audio/wav' }));
        setResult({ src, playable: { state: 'ready', url } });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setResult({
            src,
            playable: { state: 'failed', message: error instanceof Error ? error.message : String(error) },
          });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, enabled]);
  return result?.src === src ? result.playable : { state: 'loading' };
}

export function AudioPlayer({ src, mime, label, autoPlay, testId }: AudioPlayerProps): ReactElement {
  const { t } = useTranslation();
  const pcm = isRawPcm(mime);
  const wav = usePcmAsWav(src, pcm);
  if (!pcm) {
    return (
      <audio
        src={src}
        controls
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={label}
        data-testid={testId}
      />
    );
  }
  const { sampleRate, bitsPerSample, channels } = SPEECH_PCM_FORMAT;
  return (
    <div className="audio-player">
      {wav.state === 'ready' ? (
        <audio src={wav.url} controls autoPlay={autoPlay} aria-label={label} data-testid={testId} />
      ) : wav.state === 'failed' ? (
        <p className="field-error" role="alert">
          {t('audio.pcmFailed', { message: wav.message })}
        </p>
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
      <p className="audio-note" data-testid="pcm-note">
        {t('audio.pcmNote', { rate: sampleRate / 1000, bits: bitsPerSample, channels })}
      </p>
    </div>
  );
}
