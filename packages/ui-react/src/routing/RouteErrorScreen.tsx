import { Button, Title2 } from '@fluentui/react-components';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useText } from '../text';

/** Spec §2: the global route error screen, a 404-style message with a Recover button that reloads. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useText();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', textAlign: 'center' }}>
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
  return (
    <main style={{ padding: 32 }}>
      <h1>Unexpected Application Error!</h1>
    </main>
  );
}
