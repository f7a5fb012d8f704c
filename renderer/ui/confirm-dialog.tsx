// A question before something that cannot be taken back (money spent): a modal <dialog>, so focus stays inside
// it and Esc cancels; the confirming button has focus when it opens, so Enter confirms.
import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactElement {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Esc: the browser fires 'cancel'; closing is left to the caller, which unmounts the dialog.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog-body">
        {children}
      </div>
      <div className="confirm-dialog-actions">
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variant="primary" onClick={onConfirm} data-confirm>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
