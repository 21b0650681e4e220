import { FluentProvider } from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routing/routes';
import { AppServicesContext, type AppServices } from './services';
import { themeFor, useDocumentStyles, useSystemColorScheme } from './theme';
import { Toasts } from './toasts/Toasts';

export interface AppProps {
  readonly services: AppServices;
  readonly i18n: I18n;
}

/** The whole web client: theme (light or dark as the system is), i18n, services, toasts and the router. */
export function App({ services, i18n }: AppProps) {
  useDocumentStyles();
  const scheme = useSystemColorScheme();
  return (
    <I18nextProvider i18n={i18n}>
      <AppServicesContext.Provider value={services}>
        <FluentProvider theme={themeFor(scheme)}>
          <Toasts />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </FluentProvider>
      </AppServicesContext.Provider>
    </I18nextProvider>
  );
}
