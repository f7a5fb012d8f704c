// The life of a modal <dialog> that its owner mounts to open and unmounts to close (a confirmation, the command
// palette, the compare picker): showModal() on mount, so it sits in the top layer and the page behind is inert;
// on unmount it is closed and the focus goes back to what had it when it opened. The browser gives the focus
// back only to a dialog closed in place, not to one taken off the page, which would leave it on the body.
import { useEffect, type RefObject } from 'react';

export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      // What had the focus may have gone (a page left from the dialog): then the page's main region takes it.
      if (before && before !== document.body && before.isConnected) before.focus();
      else document.querySelector<HTMLElement>('main')?.focus();
    };
  }, [ref]);
}
