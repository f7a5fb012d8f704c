// The small ghost button beside the prompt that opens and closes a panel over the form (prompt history, styles):
// it says whether its panel is open and that what opens is a dialog.
import type { ReactElement } from 'react';
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
