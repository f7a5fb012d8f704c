// The gateway's id of a task, shown so a creator can quote it (support, another tool, a music operation typed
// by hand) and copied with one click. ui/ pieces take their words from the caller.
import { useState, type ReactElement } from 'react';

export interface CopyableIdProps {
  /** "Gateway task id" */
  label: string;
  value: string;
  /** The button's words before and after copying. */
  copyLabel: string;
  copiedLabel: string;
  /** Told when the clipboard refused (a page without clipboard access). */
  onCopyFailed?: () => void;
  /**
   * Whether the label is shown beside the id. False where a caller already names it (a <dt> in a details
   * list): shown twice it reads as a stutter. The copy button still names it either way.
   */
  showLabel?: boolean;
}

export function CopyableId({
  label,
  value,
  copyLabel,
  copiedLabel,
  onCopyFailed,
  showLabel = true,
}: CopyableIdProps): ReactElement {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copyable-id" data-testid="gateway-task-id">
      {showLabel ? <span className="copyable-id-label">{label}</span> : null}
      <code className="mono">{value}</code>
      <button
        type="button"
        className="copyable-id-copy"
        aria-label={`${copyLabel}: ${label}`}
        onClick={() => {
          void navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => onCopyFailed?.(),
          );
        }}
      >
        {copied ? copiedLabel : copyLabel}
      </button>
    </span>
  );
}
