// The frame of a Settings page (Settings › General, Settings › Sync): the page with its title, the sub-nav between
// the sections, and, until the page's data has come, Loading… or the sentence saying why it did not come.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../lib/bridge-error';
import { Alert } from './alert';
import { Page } from './page';
import { SubNav } from './sub-nav';

export function SettingsFrame<T>({
  subtitle,
  failed,
  error,
  loaded,
  children,
}: {
  subtitle: string;
  /** Whether a query the page needs failed; `error` is its failure. */
  failed: boolean;
  error: unknown;
  /** The page's data once all of it has come, else null. */
  loaded: T | null;
  children: (loaded: T) => ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')} subtitle={subtitle}>
      <SubNav
        label={t('settings.sections')}
        items={[
          { href: '/settings', label: t('settings.general') },
          { href: '/settings/sync', label: t('sync.title') },
        ]}
      />
      {failed ? (
        <Alert>{errorSentence(error, t)}</Alert>
      ) : loaded === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        children(loaded)
      )}
    </Page>
  );
}
