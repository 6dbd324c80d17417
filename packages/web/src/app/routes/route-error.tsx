import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { FullMessage } from './full-message';

interface Props {
  /** Rendered texts are passed in so that this class needs no hooks. */
  title: string;
  text: string;
  reloadLabel: string;
  children: ReactNode;
}

/**
 * Shown when a screen fails to load after its reloads (spec §4) or throws while rendering. The layout keys it
 * by path, so moving to another screen starts clean.
 */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FullMessage
        icon={<ExclamationCircleOutline />}
        title={this.props.title}
        text={this.props.text}
        action={{ label: this.props.reloadLabel, onClick: () => window.location.reload() }}
      />
    );
  }
}
