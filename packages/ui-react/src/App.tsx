import { FluentProvider } from '@fluentui/react-components';
import { AppearanceStore } from '@teamim/application';
import { resolveColorScheme } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppearanceContext } from './appearance';
import { AppRoutes } from './routing/routes';
import { AppServicesContext, type AppServices } from './services';
import { themeFor, useDocumentStyles, useSystemColorScheme } from './theme';
import { Toasts } from './toasts/Toasts';

export interface AppProps {
  readonly services: AppServices;
  readonly i18n: I18n;
}

/**
 * The whole web client: theme (the user's choice of light, dark or the system's), i18n, services,
 * toasts and the router.
 */
export function App({ services, i18n }: AppProps) {
  useDocumentStyles();
  const system = useSystemColorScheme();
  const appearance = useMemo(() => new AppearanceStore(services.localStore), [services.localStore]);
  const preference = useObservableEagerState(appearance.preference$);
  const scheme = resolveColorScheme(preference, system === 'dark');
  return (
    <I18nextProvider i18n={i18n}>
      <AppServicesContext.Provider value={services}>
        <AppearanceContext.Provider value={appearance}>
          <FluentProvider theme={themeFor(scheme)}>
            <Toasts />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </FluentProvider>
        </AppearanceContext.Provider>
      </AppServicesContext.Provider>
    </I18nextProvider>
  );
}
