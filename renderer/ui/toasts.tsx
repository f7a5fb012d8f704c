// Renders the store's toasts; each one leaves by itself after a few seconds or when dismissed.
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { useStudioStore, type Toast } from '../store/studio-store';
import { Icon } from './icons';

const TOAST_MS = 6000;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }): ReactElement {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
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
      <button
        type="button"
        className="toast-close"
        onClick={() => onDismiss(toast.id)}
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
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
      ))}
    </div>
  );
}
