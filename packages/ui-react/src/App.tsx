import { FluentProvider, makeStyles } from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { DesktopSlotsProvider, useDesktopSlots, type DesktopSlots } from './desktop-slots';
import { AppRoutes } from './routing/routes';
import { AppServicesContext, type AppServices } from './services';
import { themeFor, useDocumentStyles, useSystemColorScheme } from './theme';
import { Toasts } from './toasts/Toasts';

export interface AppProps {
  readonly services: AppServices;
  readonly i18n: I18n;
  /** The desktop-only views; the desktop composition root provides them, the web provides none. */
  readonly desktop?: DesktopSlots;
}

const useStyles = makeStyles({
  // 18 (desktop): a frameless window's title bar above every page (sign-in and shell alike). Not on the
  // provider's className: Fluent copies that onto every portal (menus, dialogs).
  framed: { height: '100%', display: 'flex', flexDirection: 'column' },
  page: { flex: 1, minHeight: 0, position: 'relative', overflow: 'auto' },
});

const NO_SLOTS: DesktopSlots = {};

/** The whole web client: theme (light or dark as the system is), i18n, services, toasts and the router. */
export function App({ services, i18n, desktop = NO_SLOTS }: AppProps) {
  useDocumentStyles();
  const scheme = useSystemColorScheme();
  return (
    <I18nextProvider i18n={i18n}>
      <AppServicesContext.Provider value={services}>
        <DesktopSlotsProvider value={desktop}>
          <FluentProvider theme={themeFor(scheme)}>
            <Toasts />
            <WindowFrame>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </WindowFrame>
          </FluentProvider>
        </DesktopSlotsProvider>
      </AppServicesContext.Provider>
    </I18nextProvider>
  );
}

/** In the desktop's frameless window, its title bar and the page below it; on the web, just the page. */
function WindowFrame({ children }: { readonly children: ReactNode }) {
  const { titleBar: TitleBar } = useDesktopSlots();
  const styles = useStyles();
  if (TitleBar === undefined) return <>{children}</>;
  return (
    <div className={styles.framed}>
      <TitleBar />
      <div className={styles.page}>{children}</div>
    </div>
  );
}
