// "Compare" in the selection bar: with exactly two items selected it opens the same comparison as the
// viewer's "Compare with…" (#/compare/<a>/<b>, so Back returns to the grid). Two items of different kinds open
// it too: the page says why they cannot be compared, rather than a button that silently does nothing.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../ui/button';
import type { SelectedItems, SelectionAction } from './selection/selection-toolbar';

function CompareSelected({ selected }: { selected: SelectedItems }): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [a, b] = selected.items;
  if (selected.count !== 2 || !a || !b) return null;
  return <Button onClick={() => navigate(`/compare/${a.id}/${b.id}`)}>{t('compare.title')}</Button>;
}

export const COMPARE_SELECTED: readonly SelectionAction[] = [
  { id: 'compare', render: (selected) => <CompareSelected selected={selected} /> },
];
