import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  screen: { display: 'grid', placeItems: 'center', minHeight: '100vh', textAlign: 'center' },
  fallback: { padding: tokens.spacingHorizontalXXXL },
});
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useText } from '../text';

/** Spec §2: the global route error screen, a 404-style message with a Recover button that reloads. */
export function RouteErrorScreen({ notFound }: { readonly notFound: boolean }) {
  const { t } = useText();
  const styles = useStyles();
  return (
    <main className={styles.screen}>
      <div>
        <Title2 as="h1">{t('ui.error.title')}</Title2>
        {notFound && <p>{t('ui.error.notFound')}</p>}
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('ui.error.recover')}
        </Button>
      </div>
    </main>
  );
}

/**
 * Spec §2: the router's own fallback page, used when even the error screen cannot render (for example
 * when i18n is unavailable), so its text is fixed.
 */
export function RouterFallback() {
  const styles = useStyles();
  return (
    <main className={styles.fallback}>
      <h1>Unexpected Application Error!</h1>
    </main>
  );
}

interface BoundaryProps {
  readonly fallback: ReactNode;
  /** A change of this value clears a caught error (the path: a navigation starts afresh). */
  readonly resetKey?: string;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly failed: boolean;
  readonly resetKey: string | undefined;
}

/**
 * Renders `fallback` instead of a subtree that threw while rendering. The app uses a declarative router
 * (the data router's error elements cost ~18 KB gzip on the sign-in page), so route errors are caught
 * here, and like the data router's, a navigation clears them without remounting the routes.
 */
export class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('route render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
