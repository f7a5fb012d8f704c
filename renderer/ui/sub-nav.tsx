// Pages within a page (Settings › General, Settings › Sync): links in a row under the title, the current one
// marked for assistive technology (aria-current) and drawn as selected.
import type { ReactElement } from 'react';
import { Link, useLocation } from 'wouter';
import { cx } from './cx';

export interface SubNavItem {
  href: string;
  label: string;
}

export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }): ReactElement {
  const [location] = useLocation();
  return (
    <nav className="sub-nav" aria-label={label}>
      {items.map((item) => {
        const current = location === item.href;
        return (
          <Link
            key={item.href}
            href={item.href}
            className={cx('sub-nav-link', current && 'is-current')}
            aria-current={current ? 'page' : undefined}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
