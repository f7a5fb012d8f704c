// The small ghost button beside the prompt that opens and closes a panel over the form (prompt history, styles),
// and the panel: a non-modal dialog that Esc closes from wherever the focus is inside it. When it closes with the
// focus inside, the focus goes back to what had it when the panel opened (the button, or the prompt after ↑), so
// a keyboard user never lands on the top of the page.
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
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
      // The panel does not take the focus from its button (styles are switched on with the mouse as often):
      // Esc there closes it too, as it does from inside.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        event.stopPropagation();
        onToggle();
      }}
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // Removed with the panel, the focus fell to the body; a panel closed by choosing (a prompt inserted) has
      // already put it where it belongs.
      const now = document.activeElement;
      const lost = !now || now === document.body || (panel?.contains(now) ?? false);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog's own Esc
    <div
      ref={ref}
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
