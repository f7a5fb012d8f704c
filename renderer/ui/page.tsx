// The frame every screen shares: a title block and a scrolling body.
import type { ReactElement, ReactNode } from 'react';

export interface PageProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

export function Page({ title, subtitle, actions, children, wide = false }: PageProps): ReactElement {
  return (
    <section className={wide ? 'page page-wide' : 'page'} aria-labelledby="page-title">
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
