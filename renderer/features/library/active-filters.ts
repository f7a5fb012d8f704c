// The filters in force, in words ("Video · Favourites · tagged winter · from 1 Nov 2026"): what the empty
// result says it looked for, so the person sees why nothing matched before clearing it.
import { useTranslation } from 'react-i18next';
import type { LibraryView } from './library-filters';

function dayText(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(y, m - 1, d));
}

export function useActiveFilterText(view: LibraryView): string {
  const { t, i18n } = useTranslation();
  const parts: string[] = [];
  if (view.kind) parts.push(t(`library.kind.${view.kind}`));
  if (view.family) parts.push(t(`create.families.${view.family}`));
  if (view.model) parts.push(view.model);
  if (view.favourites) parts.push(t('library.favouritesOnly'));
  for (const tag of view.tags) parts.push(t('library.filter.tagged', { tag }));
  if (view.from) parts.push(t('library.filter.fromDay', { day: dayText(view.from, i18n.language) }));
  if (view.to) parts.push(t('library.filter.toDay', { day: dayText(view.to, i18n.language) }));
  return parts.join(' · ');
}
