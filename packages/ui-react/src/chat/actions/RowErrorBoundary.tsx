import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Spec §8: a message that fails to render shows a placeholder instead of taking the chat view down.
 * The fallback is given by the caller (translated text).
 */
export class RowErrorBoundary extends Component<
  { readonly fallback: ReactNode; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('message row failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
