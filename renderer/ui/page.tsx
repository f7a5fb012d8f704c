// The frame every screen shares: a title block and a scrolling body.
import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';

export interface PageProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** The body fills the window's height (a scrolling grid inside, not a scrolling page). */
  fill?: boolean;
}

export function Page({
  title,
  subtitle,
  actions,
  children,
  wide = false,
  fill = false,
}: PageProps): ReactElement {
  return (
    <section className={cx('page', wide && 'page-wide', fill && 'page-fill')} aria-labelledby="page-title">
      <header className="page-head">
        <div>
          <h1 id="page-title">{title}</h1>
          {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}
