// An in-app "are you sure?" for actions that cannot be undone (deleting a file), instead of window.confirm: it
// speaks the app's language and theme, and it is a real modal alertdialog. A native <dialog> opened with
// showModal() sits in the top layer (above another modal, such as the library's item dialog) and makes the rest
// of the page inert; Tab is also kept inside it explicitly, Esc cancels, and Cancel has the focus at first, so a
// stray Enter never destroys anything. A question before money is spent (the confirmation threshold) starts on
// the confirming button instead: the user pressed Generate, Enter confirms what they meant.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useModalDialog } from './use-modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  /** A plain sentence; richer content goes in children. */
  message?: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Defaults to the app's "Cancel". */
  cancelLabel?: string;
  /**
   * What has the focus at first: Cancel unless the action is what the user just asked for, or the first field
   * in the message when the question is answered by typing (a price to assume).
   */
  initialFocus?: 'cancel' | 'confirm' | 'field';
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button in red: the action destroys something. */
  danger?: boolean;
  busy?: boolean;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ConfirmDialog({
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  initialFocus = 'cancel',
  onConfirm,
  onCancel,
  danger = false,
  busy = false,
}: ConfirmDialogProps): ReactElement {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  // Focus goes back where it was (the button that asked) when the dialog leaves.
  useModalDialog(ref);
  useEffect(() => {
    const field =
      initialFocus === 'field' ? ref.current?.querySelector<HTMLElement>('.confirm-message input') : null;
    (field ?? (initialFocus === 'confirm' ? confirmRef : cancelRef).current)?.focus();
    // Opened once per mount: the owner unmounts the dialog to close it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // The browser would close the dialog by itself; the owner decides, so it stays mounted until told.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal-dialog confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onKeyDown={onKeyDown}
      // Esc in a real browser fires `cancel` first: keep the dialog open and let onKeyDown's onCancel decide.
      onCancel={(event) => event.preventDefault()}
      data-testid="confirm-dialog"
    >
      <h2 className="confirm-title" id={`${id}-title`}>
        {title}
      </h2>
      <div className="confirm-message" id={`${id}-message`}>
        {message ? <p>{message}</p> : null}
        {children}
      </div>
      <div className="confirm-actions">
        <Button ref={cancelRef} onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
