import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Changing this (the location key) clears a caught error, so navigating away recovers. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  key?: string;
}

/** Per-route error boundary: one broken screen never blanks the whole app. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-xl font-semibold">Something went wrong on this page</h1>
        <p className="text-muted-foreground text-sm">{this.state.error.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="bg-primary text-primary-foreground hover:bg-primary/90 h-10 rounded-md px-4 text-sm font-medium"
        >
          Reload
        </button>
      </div>
    );
  }
}
