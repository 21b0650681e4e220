import { FluentProvider, makeStyles, RendererProvider } from '@fluentui/react-components';
import { AppearanceStore } from '@teamim/application';
import { resolveColorScheme } from '@teamim/domain';
import type { i18n as I18n } from 'i18next';
import { useObservableEagerState } from 'observable-hooks';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppearanceContext } from './appearance';
import { DesktopSlotsProvider, useDesktopSlots, type DesktopSlots } from './desktop-slots';
import { AppRoutes } from './routing/routes';
import { AppServicesContext, type AppServices } from './services';
import { createStyleRenderer } from './style-renderer';
import { themeFor, useSystemColorScheme } from './theme';
import { Toasts } from './toasts/Toasts';

export interface AppProps {
  readonly services: AppServices;
  readonly i18n: I18n;
  /** The desktop-only views; the desktop composition root provides them, the web provides none. */
  readonly desktop?: DesktopSlots;
}

const useStyles = makeStyles({
  // Desktop: a frameless window's title bar above every page (sign-in and shell alike). Not on the
  // provider's className: Fluent copies that onto every portal (menus, dialogs).
  framed: { height: '100%', display: 'flex', flexDirection: 'column' },
  page: { flex: 1, minHeight: 0, position: 'relative', overflow: 'auto' },
});

const NO_SLOTS: DesktopSlots = {};

/**
 * The whole client: theme (the user's choice of light, dark or the system's), i18n, services, the
 * desktop's own views where there are some, toasts and the router.
 */
export function App({ services, i18n, desktop = NO_SLOTS }: AppProps) {
  const renderer = useMemo(() => createStyleRenderer(), []);
  return (
    <RendererProvider renderer={renderer}>
      <ThemedApp services={services} i18n={i18n} desktop={desktop} />
    </RendererProvider>
  );
}

function ThemedApp({ services, i18n, desktop }: Required<AppProps>) {
  const system = useSystemColorScheme();
  const appearance = useMemo(() => new AppearanceStore(services.localStore), [services.localStore]);
  const preference = useObservableEagerState(appearance.preference$);
  const scheme = resolveColorScheme(preference, system === 'dark');
  return (
    <I18nextProvider i18n={i18n}>
      <AppServicesContext.Provider value={services}>
        <AppearanceContext.Provider value={appearance}>
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
        </AppearanceContext.Provider>
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
