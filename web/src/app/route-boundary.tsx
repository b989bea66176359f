import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MessageScreen } from '@/app/screens/message-screen';
import { RetryAttemptContext } from '@/app/lazy-screen';

interface BoundaryProps {
  children: ReactNode;
  /** Inside the signed-in shell (its header holds the page's h1), or a whole page of its own. */
  standalone: boolean;
  onRetry: () => void;
}

interface BoundaryState {
  error: Error | null;
  attempt: number;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed', error, info.componentStack);
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error) {
      return <RouteErrorFallback standalone={this.props.standalone} onRetry={this.retry} />;
    }
    return <RetryAttemptContext value={this.state.attempt}>{this.props.children}</RetryAttemptContext>;
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
  standalone?: boolean;
}) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary standalone={standalone} onRetry={reset}>
      {children}
    </ErrorBoundary>
  );
}
