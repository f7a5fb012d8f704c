// The board's sound besides each shot's own: the speech model and voice its narration is spoken with (a line
// starting "@Mia:" is spoken in Mia's voice), and a music bed: a track from the library, earlier tasks or the
// demo, looped or cut to the film's length and played at a volume under it all.
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { familyModels, type ModelConfig } from '../../../shared/catalog';
import { Field } from '../../ui/field';
import { Switch } from '../../ui/switch';
import { useBedTracks } from './api/music-tracks';
import type { BoardDraft, MusicDraft } from './board-draft';

export function BoardSound({
  draft,
  models,
  onChange,
}: {
  draft: BoardDraft;
  models: ModelConfig;
  onChange: (patch: Partial<BoardDraft>) => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const speech = familyModels('speech', models);
  const tracks = useBedTracks();
  const music = draft.music;
  const key = music ? `${music.taskId}#${music.audioIndex}` : '';
  const setMusic = (patch: Partial<MusicDraft>) => music && onChange({ music: { ...music, ...patch } });
  return (
    <section className="card card-pad board-sound" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('storyboard.sound.title')}
      </h2>
      <div className="shot-grid">
        <Field id={`${id}-speech`} label={t('storyboard.sound.speechModel')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={draft.speechModel}
              onChange={(e) => onChange({ speechModel: e.target.value })}
            >
              {speech.map((v) => (
                <option key={v.modelId} value={v.modelId}>
                  {v.modelId}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-voice`} label={t('storyboard.sound.voice')} hint={t('storyboard.sound.voiceHint')}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={draft.voice}
              maxLength={100}
              onChange={(e) => onChange({ voice: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Switch
        id={`${id}-music`}
        label={t('storyboard.sound.music')}
        hint={tracks.length === 0 ? t('storyboard.sound.noTracks') : t('storyboard.sound.musicHint')}
        checked={music !== null}
        disabled={tracks.length === 0 && music === null}
        onChange={(e) => {
          const first = tracks[0];
          onChange({
            music:
              e.target.checked && first
                ? { taskId: first.remoteTaskId, audioIndex: first.trackIndex, volume: 0.3 }
                : null,
          });
        }}
      />
      {music ? (
        <div className="shot-grid">
          <Field id={`${id}-track`} label={t('storyboard.sound.track')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={key}
                onChange={(e) => {
                  const track = tracks.find((tr) => tr.key === e.target.value);
                  if (track) setMusic({ taskId: track.remoteTaskId, audioIndex: track.trackIndex });
                }}
              >
                {tracks.map((tr) => (
                  <option key={tr.key} value={tr.key}>
                    {tr.title ?? t('storyboard.sound.trackOf', { id: tr.remoteTaskId, n: tr.trackIndex })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={`${id}-volume`}
            label={t('storyboard.sound.volume', { percent: Math.round(music.volume * 100) })}
          >
            {(control) => (
              <input
                {...control}
                type="range"
                min={0}
                max={100}
                value={Math.round(music.volume * 100)}
                onChange={(e) => setMusic({ volume: Number(e.target.value) / 100 })}
              />
            )}
          </Field>
        </div>
      ) : null}
    </section>
  );
}
