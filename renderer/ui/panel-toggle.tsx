// The small ghost button beside the prompt that opens and closes a panel over the form (prompt history, styles),
// and the panel: a non-modal dialog that Esc closes from wherever the focus is inside it.
import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export function PanelToggle({
  open,
  onToggle,
  icon,
  label,
}: {
  open: boolean;
  onToggle: () => void;
  icon: IconName;
  label: string;
}): ReactElement {
  return (
    <button
      type="button"
      className="btn btn-ghost history-open"
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={onToggle}
    >
      <Icon name={icon} size={14} />
      {label}
    </button>
  );
}

export function TogglePanel({
  className,
  label,
  onClose,
  children,
}: {
  className: string;
  label: string;
  onClose: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog's own Esc
    <div
      className={className}
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      {children}
    </div>
  );
}
