// Renders the store's toasts; each one leaves by itself after a few seconds or when dismissed. A toast with an
// action (Undo) waits while the pointer is over it or focus is inside it, so a keyboard user who tabbed to the
// button is not raced by the timer, and Ctrl/Cmd+Z outside a text field presses the newest Undo on screen.
import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { currentAnnouncement, subscribeAnnouncements } from '../lib/announcer';
import { typingIn } from '../lib/typing-in';
import { useStudioStore, type Toast } from '../store/studio-store';
import { Icon } from './icons';

const TOAST_MS = 6000;

/** A toast leaving with the focus inside (its Undo or Dismiss pressed) hands the focus to the page's main region. */
function keepFocus(toast: HTMLElement | null): void {
  if (toast && toast.contains(document.activeElement)) document.querySelector<HTMLElement>('main')?.focus();
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }): ReactElement {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  const duration = toast.durationMs ?? TOAST_MS;
  useEffect(() => {
    if (held) return undefined;
    const timer = window.setTimeout(() => onDismiss(toast.id), duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss, held, duration]);
  const { action } = toast;
  // Both buttons take the toast away; the focus inside it goes to the page rather than to nowhere.
  const dismiss = (button: HTMLElement) => {
    keepFocus(button.parentElement);
    onDismiss(toast.id);
  };
  return (
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <Icon
        name={toast.tone === 'success' ? 'check' : toast.tone === 'error' ? 'alert' : 'spark'}
        size={16}
      />
      <span>{toast.text}</span>
      {toast.link ? (
        <Link href={toast.link.href} className="toast-link" onClick={() => onDismiss(toast.id)}>
          {toast.link.label}
        </Link>
      ) : null}
      {action ? (
        <button
          type="button"
          className="toast-action"
          onClick={(e) => {
            dismiss(e.currentTarget);
            action.run();
          }}
          aria-keyshortcuts={action.undo ? 'Control+Z Meta+Z' : undefined}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast-close"
        onClick={(e) => dismiss(e.currentTarget)}
        aria-label={t('common.dismiss')}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

export function Toasts(): ReactElement {
  const { toasts, dismissToast } = useStudioStore(
    useShallow((s) => ({ toasts: s.toasts, dismissToast: s.dismissToast })),
  );
  const undo = [...toasts].reverse().find((toast) => toast.action?.undo);
  useEffect(() => {
    if (!undo?.action) return undefined;
    const { action } = undo;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      if (typingIn(e.target)) return;
      e.preventDefault();
      dismissToast(undo.id);
      action.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, dismissToast]);
  const announcement = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement);
  return (
    // The app's one polite live region: toasts, and the throttled announcements (lib/announcer.ts), each a new
    // node (keyed) so that the same words said again are spoken again.
    <div className="toasts" aria-live="polite">
      {announcement ? (
        <p key={announcement.id} className="visually-hidden" data-testid="announcement">
          {announcement.text}
        </p>
      ) : null}
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
      ))}
    </div>
  );
}
