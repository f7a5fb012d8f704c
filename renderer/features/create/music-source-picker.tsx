// The source of a music operation, picked from a list of tracks rather than typed: each with its cover, title,
// length, 1-based track number and a play button (a track an earlier task named has only its id and number). The spec's rules show where they bite: a family that takes
// only one origin says so above the list and marks the tracks it will refuse.
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyId } from '../../../shared/catalog';
import { formatDuration } from '../../lib/format';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/icons';
import { acceptsOrigin, sourceRule } from './source-rules';
import type { PickableTrack } from './source-tracks';

export interface MusicSourcePickerProps {
  family: FamilyId;
  tracks: readonly PickableTrack[];
  /** The key (trackKey) of the track the form names now, if it is one of these. */
  selected: string | null;
  onPick: (track: PickableTrack) => void;
  /** Why the picked source was refused, said beside the list. */
  problem: string | null;
}

function TrackRow({
  family,
  track,
  selected,
  playing,
  onPick,
  onPlay,
}: {
  family: FamilyId;
  track: PickableTrack;
  selected: boolean;
  playing: boolean;
  onPick: () => void;
  onPlay: (audio: HTMLAudioElement | null) => void;
}): ReactElement {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const title = track.title ?? t('create.source.untitled');
  const accepted = acceptsOrigin(family, track.origin);
  const rule = sourceRule(family);
  const origin = track.madeBy
    ? t('create.source.madeBy', { family: t(`create.chips.${track.madeBy}`) })
    : track.usedBy
      ? t('create.source.usedBy', { family: t(`create.chips.${track.usedBy}`) })
      : track.origin
        ? t(`create.source.origin.${track.origin}`)
        : '';
  return (
    <li
      className={cx('source-track', selected && 'is-selected', !accepted && 'is-refused')}
      data-testid="source-track"
    >
      <label className="source-track-pick">
        <input
          type="radio"
          name="source-track"
          checked={selected}
          onChange={onPick}
          aria-label={t('create.source.trackLabel', { title, n: track.trackIndex, task: track.remoteTaskId })}
        />
        {track.cover ? (
          <img className="source-cover" src={track.cover} alt="" />
        ) : (
          <span className="source-cover source-cover-empty" aria-hidden="true">
            <Icon name="speech" size={18} />
          </span>
        )}
        <span className="source-text">
          <strong>{title}</strong>
          <span className="source-meta">
            {t('create.source.track', { n: track.trackIndex })}
            {track.durationSeconds !== null ? ` · ${formatDuration(track.durationSeconds)}` : ''} · {origin}
          </span>
          {!accepted && rule ? <span className="source-refused">{t(rule.short)}</span> : null}
        </span>
      </label>
      {track.src ? (
        <>
          <button
            type="button"
            className="source-play"
            aria-pressed={playing}
            aria-label={t(playing ? 'create.source.pause' : 'create.source.play', { title })}
            onClick={() => onPlay(playing ? null : audio.current)}
          >
            {playing ? '❚❚' : '▶'}
          </button>
          <audio
            ref={audio}
            src={track.src}
            preload="none"
            onEnded={() => onPlay(null)}
            data-testid="source-audio"
          />
        </>
      ) : null}
    </li>
  );
}

export function MusicSourcePicker({
  family,
  tracks,
  selected,
  onPick,
  problem,
}: MusicSourcePickerProps): ReactElement {
  const { t } = useTranslation();
  // The track playing, by key: one at a time, so starting another pauses the first.
  const [playing, setPlaying] = useState<{ key: string; audio: HTMLAudioElement } | null>(null);
  const rule = sourceRule(family);
  const own = tracks.filter((track) => track.madeBy !== null);
  const earlier = tracks.filter((track) => track.usedBy !== null);
  const demo = tracks.filter((track) => track.madeBy === null && track.usedBy === null);

  const play = (key: string, audio: HTMLAudioElement | null) => {
    playing?.audio.pause();
    setPlaying(audio ? { key, audio } : null);
    // play() answers a promise in browsers; a refusal (no such file, autoplay rules) resets the button.
    if (audio) void Promise.resolve(audio.play()).catch(() => setPlaying(null));
  };

  const group = (label: string, list: PickableTrack[]) =>
    list.length > 0 ? (
      <div className="source-group" role="group" aria-label={label}>
        <h3>{label}</h3>
        <ul>
          {list.map((track) => (
            <TrackRow
              key={track.key}
              family={family}
              track={track}
              selected={selected === track.key}
              playing={playing?.key === track.key}
              onPick={() => onPick(track)}
              onPlay={(audio) => play(track.key, audio)}
            />
          ))}
        </ul>
      </div>
    ) : null;

  return (
    <fieldset className="source-picker" data-testid="music-source-picker">
      <legend className="field-label">{t('create.source.legend')}</legend>
      {rule ? <p className="field-hint source-rule">{t(rule.rule)}</p> : null}
      {tracks.length === 0 ? <p className="field-hint">{t('create.source.none')}</p> : null}
      {group(t('create.source.yours'), own)}
      {group(t('create.source.earlier'), earlier)}
      {group(t('create.source.demo'), demo)}
      {problem ? (
        <p className="field-error" role="alert" data-testid="source-problem">
          {problem}
        </p>
      ) : null}
      <p className="field-hint">{t('create.source.typeInstead')}</p>
    </fieldset>
  );
}
