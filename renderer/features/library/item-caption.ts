// What a library tile says under its picture: a track's title, else the prompt. A grid upscale has neither (it is
// made from a grid task and a quadrant, not a prompt), and its tile showed nothing at all: it says which quadrant of
// which grid it is, from its own request's settings.
import type { TFunction } from 'i18next';
import type { LibraryItem } from '../../../shared/studio/records';

const POSITIONS = ['q1', 'q2', 'q3', 'q4'] as const;

export function itemCaption(
  item: Pick<LibraryItem, 'title' | 'prompt' | 'family' | 'params'>,
  t: TFunction,
): string | null {
  const said = item.title ?? item.prompt;
  if (said) return said;
  if (item.family !== 'grid.upscale') return null;
  const { index, task_id: task } = item.params;
  const position = typeof index === 'number' && Number.isInteger(index) ? POSITIONS[index - 1] : undefined;
  if (!position || typeof task !== 'string' || task === '') return null;
  return t('library.upscaleCaption', {
    n: index,
    position: t(`create.grid.position.${position}`),
    task,
  });
}
