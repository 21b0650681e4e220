import {
  FluentProvider,
  Toast,
  Toaster,
  ToastTitle,
  useId,
  useToastController,
  webLightTheme,
} from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routing/routes';
import { AppServicesContext, useAppServices, type AppServices } from './services';
import { useText } from './text';

export interface AppProps {
  readonly services: AppServices;
  readonly i18n: I18n;
}

/** The whole web client: theme, i18n, services context, toasts and the router. */
export function App({ services, i18n }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppServicesContext.Provider value={services}>
        <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
          <Toasts />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </FluentProvider>
      </AppServicesContext.Provider>
    </I18nextProvider>
  );
}

/** Shows the Notifier's toasts (the forced-logout message among them); texts are rendered as text. */
function Toasts() {
  const { toasts$ } = useAppServices();
  const { t } = useText();
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    const subscription = toasts$.subscribe((toast) => {
      const text =
        toast.message !== undefined && toast.message !== '' ? toast.message : t(toast.key, toast.params);
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent: toast.level, timeout: 4000 },
      );
    });
    return () => subscription.unsubscribe();
  }, [toasts$, t, dispatchToast]);
  return <Toaster toasterId={toasterId} position="top" />;
}
