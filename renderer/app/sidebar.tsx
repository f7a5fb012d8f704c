import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { createPath, rememberCreatePath, useSpring } from '../lib/library-drag';
import { Icon, type IconName } from '../ui/icons';
import { cx } from '../ui/cx';
import { preloadPageOf } from './pages';
import { COMPARE_ROUTE, ROUTES, type RouteName } from './routes';

const ITEMS: { name: RouteName; icon: IconName }[] = [
  { name: 'create', icon: 'create' },
  { name: 'tasks', icon: 'tasks' },
  { name: 'library', icon: 'library' },
  { name: 'speech', icon: 'speech' },
  { name: 'storyboard', icon: 'video' },
  { name: 'usage', icon: 'usage' },
  { name: 'settings', icon: 'settings' },
];

function NavItem({ name, icon, badge }: { name: RouteName; icon: IconName; badge?: number }): ReactElement {
  const { t } = useTranslation();
  const [onPage] = useRoute(`${ROUTES[name]}/*?`);
  // Compare is reached from the library and belongs to it: the Library item stays marked there.
  const [comparing] = useRoute(`${COMPARE_ROUTE}/*?`);
  const active = onPage || (name === 'library' && comparing);
  const [location, navigate] = useLocation();
  // Create opens on the family last shown there (also after a restart), not on the default one; on Create
  // itself the link is where the person is.
  const href = name === 'create' ? (onPage ? location : createPath()) : ROUTES[name];
  // A library item dragged onto Create and held there opens Create the same way, to be dropped on the form.
  const spring = useSpring(() => navigate(href));
  return (
    <Link
      {...(name === 'create' ? spring : {})}
      href={href}
      className={cx('nav-link', active && 'is-active')}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${name}`}
      onPointerEnter={() => preloadPageOf(name)}
      onFocus={() => preloadPageOf(name)}
    >
      <Icon name={icon} />
      <span>{t(`nav.${name}`)}</span>
      {badge ? <span className="nav-badge">{badge}</span> : null}
    </Link>
  );
}

export function Sidebar({ activeTasks }: { activeTasks: number }): ReactElement {
  const { t } = useTranslation();
  const [location] = useLocation();
  useEffect(() => rememberCreatePath(location), [location]);
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
