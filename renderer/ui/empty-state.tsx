import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title?: string;
  children?: ReactNode;
}): ReactElement {
  return (
    <div className="empty-state">
      <div className="empty-icon">
        <Icon name={icon} size={28} />
      </div>
      {title ? <h2>{title}</h2> : null}
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}
