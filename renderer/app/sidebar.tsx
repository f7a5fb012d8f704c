import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { Icon, type IconName } from '../ui/icons';
import { cx } from '../ui/cx';
import { ROUTES, type RouteName } from './routes';

const ITEMS: { name: RouteName; icon: IconName }[] = [
  { name: 'create', icon: 'create' },
  { name: 'tasks', icon: 'tasks' },
  { name: 'library', icon: 'library' },
  { name: 'speech', icon: 'speech' },
  { name: 'usage', icon: 'usage' },
  { name: 'settings', icon: 'settings' },
];

function NavItem({ name, icon, badge }: { name: RouteName; icon: IconName; badge?: number }): ReactElement {
  const { t } = useTranslation();
  const [active] = useRoute(`${ROUTES[name]}/*?`);
  return (
    <Link
      href={ROUTES[name]}
      className={cx('nav-link', active && 'is-active')}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${name}`}
    >
      <Icon name={icon} />
      <span>{t(`nav.${name}`)}</span>
      {badge ? <span className="nav-badge">{badge}</span> : null}
    </Link>
  );
}

export function Sidebar({ activeTasks }: { activeTasks: number }): ReactElement {
  const { t } = useTranslation();
  return (
    <nav className="sidebar" aria-label={t('nav.main')}>
      <div className="brand">
        <span className="brand-mark">
          <Icon name="spark" size={17} />
        </span>
        <span>{t('app.name')}</span>
      </div>
      {ITEMS.map((item) => (
        <NavItem key={item.name} {...item} badge={item.name === 'tasks' ? activeTasks : undefined} />
      ))}
      <div className="sidebar-foot">v0.1</div>
    </nav>
  );
}
