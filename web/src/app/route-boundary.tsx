import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MessageScreen } from '@/components/message-screen';
import { retryFailedChunks } from '@/lib/lazy-chunk';

interface BoundaryProps {
  children: ReactNode;
  /** What shows instead of the children once they failed; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Said in the log with the error. */
  what: string;
  onRetry: () => void;
}

/**
 * An error boundary: a part that throws, or whose chunk cannot be loaded, shows `fallback` instead; its retry
 * loads failed chunks again (src/lib/lazy-chunk.ts) and renders the part afresh.
 */
export class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.what} failed`, error, info.componentStack);
  }

  retry = (): void => {
    retryFailedChunks();
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** What a failed screen shows: a friendly message and a Retry that renders the screen again. */
export function RouteErrorFallback({ standalone, onRetry }: { standalone: boolean; onRetry: () => void }) {
  return (
    <MessageScreen
      icon={RotateCcw}
      title="Something went wrong"
      message="This screen could not be shown. Check your connection, then try again."
      action="Retry"
      onAction={onRetry}
      embedded={!standalone}
    />
  );
}

/**
 * The error boundary of one route (around its lazy screen): a screen that throws, or whose chunk cannot be
 * loaded, shows `RouteErrorFallback` instead of taking the whole app down. Retry also resets the queries whose
 * errors were thrown to it. Key it by the path, so moving to another route starts afresh.
 */
export function RouteBoundary({
  children,
  standalone = false,
}: {
  children: ReactNode;
  /** Inside the signed-in shell (its header holds the page's h1), or a whole page of its own. */
  standalone?: boolean;
}) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary
      what="A screen"
      onRetry={reset}
      fallback={(retry) => <RouteErrorFallback standalone={standalone} onRetry={retry} />}
    >
      {children}
    </ErrorBoundary>
  );
}
