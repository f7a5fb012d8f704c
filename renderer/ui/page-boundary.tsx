// A page that throws while rendering shows a sentence and a way back, never a blank window. The shell keys one
// boundary per page, so moving to another page starts afresh; "Show it again" retries the same page.
import { Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from './button';
import { EmptyState } from './empty-state';

interface Props {
  /** Where "back" leads: a page that does not depend on the one that failed. */
  home: string;
  children: ReactNode;
}

function PageFailed({ home, onRetry }: { home: string; onRetry: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <div role="alert" className="page-error">
      <EmptyState icon="alert" title={t('pageError.title')}>
        <p>{t('pageError.body')}</p>
        <div className="page-error-actions">
          <Button variant="primary" onClick={onRetry}>
            {t('pageError.retry')}
          </Button>
          <Link href={home}>{t('pageError.back')}</Link>
        </div>
      </EmptyState>
    </div>
  );
}

export class PageBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The renderer's log is the console (DevTools in the app and in web mode); the user sees the sentence.
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <PageFailed home={this.props.home} onRetry={() => this.setState({ failed: false })} />;
  }
}
