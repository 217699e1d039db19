/**
 * The one way a public page says that something did not arrive: the translated message with a
 * Retry button (no icon: this sits in every page's first load). RetryBoundary puts it where a
 * lazily loaded part (a page, the give form) failed to load, and loads it again on Retry.
 */
import { Component, type ReactNode } from 'react';
import { t } from '../../shared/messages';

export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert--error retry-notice" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

interface RetryBoundaryProps {
  children: ReactNode;
  /** Makes the failed part loadable again (a lazy component keeps its failure otherwise). */
  onRetry?: () => void;
  /** A new value (the next page's path) clears a failure shown for the previous one. */
  resetKey?: unknown;
  /** Classes of a box around the notice, where the part it stands for had its own (a page's container). */
  frame?: string;
}

/**
 * Catches a part that failed to render (its code did not load) and offers to load it again. It
 * sits in every page's first load, so it reads no server errors (see client/lib/load-failure.ts).
 */
export class RetryBoundary extends Component<RetryBoundaryProps, { error: unknown; key: unknown }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('failed') };
  }

  static getDerivedStateFromProps(props: RetryBoundaryProps, state: { error: unknown; key: unknown }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: undefined });
  };

  override render() {
    if (this.state.error === undefined) return this.props.children;
    // What fails here is code that did not arrive, never a server's answer (those are the parts' own to show).
    const notice = <RetryNotice message={t('network.offline')} onRetry={this.retry} />;
    return this.props.frame ? <div className={this.props.frame}>{notice}</div> : notice;
  }
}
