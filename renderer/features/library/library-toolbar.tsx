// The toolbar above the grid: search, sort, kind, favourites, and a row of finer filters (family, model,
// dates, tags). Every control is labelled and writes the view into the URL's hash query (library-filters.ts),
// so Back and reload keep what the person chose, and the viewer steps through exactly this list.
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_IDS } from '../../../shared/catalog/family-ids';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { Segmented } from '../../ui/segmented';
import { useLibraryModels } from './api/tags';
import { isFiltered, KINDS, SORTS, type LibrarySort, type LibraryView } from './library-filters';
import { TagEditor } from './tag-editor';
import { LIBRARY_SEARCH_ID } from '../../lib/shortcuts';

type KindChoice = (typeof KINDS)[number] | 'all';

export function LibraryToolbar({
  view,
  onChange,
  onClear,
}: {
  view: LibraryView;
  /** A change to the view (written to the address, replacing the entry: Back leaves the library). */
  onChange: (next: LibraryView) => void;
  onClear: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const models = useLibraryModels().data ?? [];
  const set = (patch: Partial<LibraryView>) => onChange({ ...view, ...patch });
  // A model named by the address but no longer in the library stays choosable, so the select shows the truth.
  const modelChoices =
    view.model && !models.some((m) => m.model === view.model)
      ? [{ model: view.model, count: 0 }, ...models]
      : models;

  return (
    <div className="library-toolbar" role="search" aria-label={t('library.toolbar')}>
      <div className="library-tools">
        <label className="search">
          <Icon name="search" size={16} />
          <span className="visually-hidden">{t('library.search')}</span>
          <input
            id={LIBRARY_SEARCH_ID}
            type="search"
            aria-keyshortcuts="/"
            value={view.search}
            placeholder={t('library.search')}
            onChange={(e) => set({ search: e.target.value })}
          />
        </label>
        <Segmented<KindChoice>
          name="library-kind"
          label={t('library.filter.kind')}
          value={view.kind ?? 'all'}
          onChange={(kind) => set({ kind: kind === 'all' ? null : kind })}
          options={(['all', ...KINDS] as const).map((k) => ({ value: k, label: t(`library.kind.${k}`) }))}
        />
        <Button
          variant={view.favourites ? 'primary' : 'secondary'}
          icon={<Icon name="star" />}
          aria-pressed={view.favourites}
          onClick={() => set({ favourites: !view.favourites })}
          data-testid="favourites-only"
        >
          {t('library.favouritesOnly')}
        </Button>
        <label className="library-sort">
          <span>{t('library.sort.label')}</span>
          <select
            className="select"
            value={view.sort}
            onChange={(e) => set({ sort: e.target.value as LibrarySort })}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`library.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="library-filters">
        <label className="library-filter">
          <span>{t('library.filter.family')}</span>
          <select
            className="select"
            value={view.family ?? ''}
            onChange={(e) => set({ family: e.target.value === '' ? null : (e.target.value as FamilyId) })}
          >
            <option value="">{t('library.filter.anyFamily')}</option>
            {FAMILY_IDS.map((family) => (
              <option key={family} value={family}>
                {t(`create.families.${family}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="library-filter">
          <span>{t('library.filter.model')}</span>
          <select
            className="select"
            value={view.model ?? ''}
            onChange={(e) => set({ model: e.target.value === '' ? null : e.target.value })}
          >
            <option value="">{t('library.filter.anyModel')}</option>
            {modelChoices.map(({ model, count }) => (
              <option key={model} value={model}>
                {count > 0 ? t('library.filter.modelCount', { model, count }) : model}
              </option>
            ))}
          </select>
        </label>
        <label className="library-filter library-date" htmlFor={`${id}-from`}>
          <span>{t('library.filter.from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            className="input"
            value={view.from ?? ''}
            max={view.to ?? undefined}
            onChange={(e) => set({ from: e.target.value || null })}
          />
        </label>
        <label className="library-filter library-date" htmlFor={`${id}-to`}>
          <span>{t('library.filter.to')}</span>
          <input
            id={`${id}-to`}
            type="date"
            className="input"
            value={view.to ?? ''}
            min={view.from ?? undefined}
            onChange={(e) => set({ to: e.target.value || null })}
          />
        </label>
        <div className="library-filter library-tag-filter">
          <span aria-hidden="true">{t('library.filter.tags')}</span>
          <TagEditor
            tags={view.tags}
            onChange={(tags) => set({ tags })}
            label={t('library.filter.tagsLabel')}
            placeholder={t('library.filter.tagsPlaceholder')}
            existingOnly
            data-testid="tag-filter"
          />
        </div>
        {isFiltered(view) ? (
          <Button variant="ghost" onClick={onClear} data-testid="toolbar-clear">
            {t('library.clearToolbar')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
