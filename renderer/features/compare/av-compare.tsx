// Videos side by side playing in step, and two tracks as an A/B listening test: one play, one
// position; for tracks a switch says which one is heard, and switching keeps the position (both play all the
// time, the other one muted), so the ear hears the same moment of the other take. Keys A and B switch too.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isRawPcm, usePcmAsWav } from '../../ui/audio-player';
import { Icon } from '../../ui/icons';
import { Segmented } from '../../ui/segmented';
import { Transport } from './transport';
import { useSyncedMedia } from './use-synced-media';

interface Side {
  src: string;
  label: string;
  mime: string;
  cover: string | null;
}

type Heard = 'a' | 'b';

/** Which side is heard: a switch, and the keys A and B anywhere on the page but in a text field. */
function useHeard(): [Heard, (next: Heard) => void] {
  const [heard, setHeard] = useState<Heard>('a');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target instanceof HTMLElement && ['INPUT', 'TEXTAREA'].includes(target.tagName)) {
        if (!(target instanceof HTMLInputElement && ['radio', 'range'].includes(target.type))) return;
      }
      if (event.key === 'a' || event.key === 'A') setHeard('a');
      if (event.key === 'b' || event.key === 'B') setHeard('b');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [heard, setHeard];
}

function HeardSwitch({
  heard,
  onChange,
  label,
}: {
  heard: Heard;
  onChange: (next: Heard) => void;
  label: string;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="compare-heard">
      <span className="compare-heard-label" aria-hidden="true">
        {label}
      </span>
      <Segmented
        name="compare-heard"
        label={label}
        value={heard}
        onChange={onChange}
        options={[
          { value: 'a', label: t('compare.hearA') },
          { value: 'b', label: t('compare.hearB') },
        ]}
      />
      <span className="field-hint">{t('compare.heardKeys')}</span>
    </div>
  );
}

export function VideoCompare({ a, b }: { a: Side; b: Side }): ReactElement {
  const { t } = useTranslation();
  const media = useSyncedMedia();
  const [heard, setHeard] = useHeard();
  return (
    <div className="compare-av">
      <div className="compare-side">
        {[a, b].map((side, index) => (
          <figure key={index}>
            <video
              ref={index === 0 ? media.a : media.b}
              src={side.src}
              playsInline
              preload="auto"
              muted={heard !== (index === 0 ? 'a' : 'b')}
              aria-label={side.label}
              data-testid={`compare-video-${index === 0 ? 'a' : 'b'}`}
            />
            <figcaption>
              <span className="compare-letter">{index === 0 ? 'A' : 'B'}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <Transport media={media} />
      <HeardSwitch heard={heard} onChange={setHeard} label={t('compare.soundFrom')} />
    </div>
  );
}

/** A raw PCM take plays from the WAV made of it, like the library's own player. */
function usePlayableSrc(side: Side): string | undefined {
  const pcm = isRawPcm(side.mime);
  const wav = usePcmAsWav(side.src, pcm);
  if (!pcm) return side.src;
  return wav.state === 'ready' ? wav.url : undefined;
}

export function AudioCompare({ a, b }: { a: Side; b: Side }): ReactElement {
  const { t } = useTranslation();
  const media = useSyncedMedia();
  const [heard, setHeard] = useHeard();
  const srcA = usePlayableSrc(a);
  const srcB = usePlayableSrc(b);
  return (
    <div className="compare-av">
      <div className="compare-tracks">
        {[a, b].map((side, index) => {
          const letter: Heard = index === 0 ? 'a' : 'b';
          return (
            <figure key={index} className={heard === letter ? 'is-heard' : undefined}>
              {side.cover ? (
                <img className="thumb" src={side.cover} alt="" />
              ) : (
                <span className="thumb compare-track-art">
                  <Icon name="speech" size={28} />
                </span>
              )}
              <figcaption>
                <span className="compare-letter">{letter.toUpperCase()}</span> {side.label}
                {heard === letter ? (
                  <strong className="compare-heard-now">{t('compare.heardNow')}</strong>
                ) : null}
              </figcaption>
              <audio
                ref={letter === 'a' ? media.a : media.b}
                src={letter === 'a' ? srcA : srcB}
                preload="auto"
                muted={heard !== letter}
                data-testid={`compare-audio-${letter}`}
              />
            </figure>
          );
        })}
      </div>
      <Transport media={media} />
      <HeardSwitch heard={heard} onChange={setHeard} label={t('compare.heard')} />
    </div>
  );
}
