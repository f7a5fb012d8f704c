// A modal of the shell's own (the command palette, the shortcut sheet): a native <dialog> opened with
// showModal(), so it sits in the top layer, the page behind is inert and its first field or button (or the one
// marked data-initial-focus) takes the focus; Esc asks the owner to close it, and the focus goes back to where it was when it leaves, so a keyboard
// user never lands on the top of the page.
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { useModalDialog } from '../../ui/use-modal-dialog';

export function ModalSheet({
  label,
  className,
  onClose,
  children,
}: {
  label: string;
  className: string;
  onClose: () => void;
  children: ReactNode;
}): ReactElement {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  useEffect(() => {
    // showModal() focuses the first focusable element; a sheet that starts elsewhere (the palette's field, not
    // its list's wrapper) marks that element.
    ref.current?.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className={cx('modal-dialog', className)}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
