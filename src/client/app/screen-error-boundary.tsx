import { Component, type ReactNode } from 'react';
import { ErrorPage } from './pages/error-page.tsx';

interface Props {
  /** The address: going elsewhere tries again. */
  resetKey: string;
  children: ReactNode;
}

/** Shows the error page instead of a screen that failed to load or to render. */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
