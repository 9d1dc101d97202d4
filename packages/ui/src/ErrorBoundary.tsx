import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteError } from './RemoteError';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Name of the failing part, shown in the default fallback. */
  name?: string;
  /** What to show instead of the children; `reset` renders them again (Retry). */
  fallback?: (error: Error, reset: () => void) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface State {
  error: Error | null;
}

/** Keeps a rendering failure inside its area (the menu, header and other remotes keep working). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return this.props.fallback ? this.props.fallback(error, this.reset) : <RemoteError name={this.props.name} onRetry={this.reset} />;
  }
}
