// The source of a music operation or a grid upscale, picked from what the user has (and the demo's seeds)
// instead of typed: it fills the form's task_id and audio_index / index fields, which stay editable below for a
// source made elsewhere. A track the operation does not take is refused before anything is sent. Picking never
// sends: only Generate does, showing the price.
import { useState, type ReactElement } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FamilyId } from '../../../shared/catalog';
import type { FormValues } from './field-control';
import { GridPicker } from './grid-picker';
import { MusicSourcePicker } from './music-source-picker';
import { useSubmitGuard } from './pending-entries';
import { acceptsOrigin, sourceRule } from './source-rules';
import { trackKey, useSourceTracks } from './source-tracks';

export interface SourceSectionProps {
  family: FamilyId;
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
}

export function SourceSection({ family, control, setValue }: SourceSectionProps): ReactElement {
  const { t } = useTranslation();
  const { tracks, grids } = useSourceTracks();
  const [problem, setProblem] = useState<string | null>(null);
  const [taskId, audioIndex, gridIndex] = useWatch({ control, name: ['task_id', 'audio_index', 'index'] });
  const index = typeof audioIndex === 'number' && !Number.isNaN(audioIndex) ? audioIndex : 1;
  const named =
    typeof taskId === 'string' ? tracks.find((tr) => tr.key === trackKey(taskId.trim(), index)) : undefined;

  useSubmitGuard(() => {
    const rule = sourceRule(family);
    if (!named || !rule || acceptsOrigin(family, named.origin)) return true;
    setProblem(t(rule.refused, { title: named.title ?? t('create.source.untitled') }));
    return false;
  });

  if (family === 'grid.upscale') {
    return (
      <GridPicker
        grids={grids}
        picked={
          typeof taskId === 'string' && typeof gridIndex === 'number'
            ? { remoteTaskId: taskId.trim(), index: gridIndex }
            : null
        }
        // Fills the form only: Generate, with its price beside it, is the one press that sends (and pays).
        onPick={(remoteTaskId, quadrant) => {
          setValue('task_id', remoteTaskId, { shouldDirty: true });
          setValue('index', quadrant, { shouldDirty: true });
        }}
      />
    );
  }
  return (
    <MusicSourcePicker
      family={family}
      tracks={tracks}
      selected={named?.key ?? null}
      problem={problem}
      onPick={(track) => {
        setProblem(null);
        setValue('task_id', track.remoteTaskId, { shouldDirty: true });
        setValue('audio_index', track.trackIndex, { shouldDirty: true });
      }}
    />
  );
}
