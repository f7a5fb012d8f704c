// The studio's routed pages. Create and Tasks come with the studio frame; the others are fetched on first visit
// (recharts alone is most of the bundle, the library's grid and viewer the next largest) or sooner: the Library
// once the studio is idle, the sidebar's pages when their link is pointed at or focused. A page whose code is here
// opens at once, without a fallback, and one still on its way shows it only as long as that takes
// (preloadable-page.tsx).
// `npm run bench -- renderer-load` measures what the start saves.
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { CreatePage } from '../features/create/create-page';
import { TasksPage } from '../features/tasks/tasks-page';
import {
  COMPARE_GROUP_ROUTE,
  COMPARE_ROUTE,
  REGION_EDIT_ROUTE,
  LIBRARY_ROUTE,
  ROUTES,
  SYNC_ROUTE,
  type RouteName,
} from './routes';
import { preloadablePage, useIdlePreload } from './preloadable-page';

/** What a page shows while its code is fetched on its first visit (for as long as that takes). */
function PageLoading(): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <span className="spinner" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}

const page = <P extends object>(load: () => Promise<ComponentType<P>>) => preloadablePage(load, PageLoading);
const library = page(() => import('../features/library/library-page').then((m) => m.LibraryPage));
const compare = page(() => import('../features/compare/compare-page').then((m) => m.ComparePage));
const compareGroup = page(() => import('../features/compare/group-page').then((m) => m.CompareGroupPage));
const compareReference = page(() =>
  import('../features/compare/reference-compare-page').then((m) => m.ReferenceComparePage),
);
const regionEdit = page(() =>
  import('../features/region-edit/region-edit-page').then((m) => m.RegionEditPage),
);
const speech = page(() => import('../features/speech/speech-page').then((m) => m.SpeechPage));
const storyboard = page(() => import('../features/storyboard/storyboard-page').then((m) => m.StoryboardPage));
const usage = page(() => import('../features/usage/usage-page').then((m) => m.UsagePage));
const settings = page(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const sync = page(() => import('../features/sync/sync-page').then((m) => m.SyncPage));

/** Every lazy page. */
export const LAZY_PAGES = [
  library,
  settings,
  speech,
  storyboard,
  compare,
  compareGroup,
  compareReference,
  regionEdit,
  sync,
  usage,
] as const;

/** The Library is where a creator goes next: its code is fetched once the studio is idle. */
const IDLE_PAGES = [library] as const;

/** Fetches the Library's code once the studio is idle. */
export function usePrefetchedPages(): void {
  useIdlePreload(IDLE_PAGES);
}

/**
 * The sidebar's pages, fetched when the pointer or the focus reaches their link: the others are not fetched at
 * idle, where a large one (Usage's charts) would take the main thread from the first keys typed in the Library.
 */
const SIDEBAR_PAGES: Partial<Record<RouteName, { preload(): Promise<void> }>> = {
  library,
  speech,
  storyboard,
  usage,
  settings,
};

export function preloadPageOf(route: RouteName): void {
  void SIDEBAR_PAGES[route]?.preload().catch(() => undefined);
}

export function Pages(): ReactElement {
  return (
    <Switch>
      <Route path={`${ROUTES.create}/:family?`} component={CreatePage} />
      <Route path={`${ROUTES.tasks}/:task?`} component={TasksPage} />
      <Route path={LIBRARY_ROUTE} component={library.Page} />
      <Route path={`${COMPARE_ROUTE}/reference/:sha/:b`} component={compareReference.Page} />
      <Route path={`${COMPARE_ROUTE}/:a/:b`} component={compare.Page} />
      <Route path={`${COMPARE_GROUP_ROUTE}/:batch`} component={compareGroup.Page} />
      <Route path={`${REGION_EDIT_ROUTE}/:source/:id/:again?`} component={regionEdit.Page} />
      <Route path={ROUTES.speech} component={speech.Page} />
      <Route path={ROUTES.storyboard} component={storyboard.Page} />
      <Route path={ROUTES.usage} component={usage.Page} />
      <Route path={ROUTES.settings} component={settings.Page} />
      <Route path={SYNC_ROUTE} component={sync.Page} />
      <Route>
        <Redirect to={ROUTES.create} replace />
      </Route>
    </Switch>
  );
}
