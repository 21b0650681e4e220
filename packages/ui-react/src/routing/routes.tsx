import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { QR_SIGN_IN_ROUTE } from '@teamim/domain';
import { hasStoredCredentials } from '../credentials';
import { retryingImport } from '../retrying-import';
import { useAppServices } from '../services';
import { useText } from '../text';
import { LoginPage } from '../sign-in/LoginPage';
import { loadContactsPages } from './pages';
import { RenderErrorBoundary, RouteErrorScreen, RouterFallback } from './RouteErrorScreen';

// The shell and everything after sign-in load on demand, so the sign-in page stays small; a load that
// meets a lost network waits for it (the page's spinner shows) instead of failing to the error screen.
const shell = retryingImport(() => import('../shell/Shell'));
const Shell = lazy(() => shell().then((m) => ({ default: m.Shell })));
const chat = retryingImport(() => import('../chat'));
const ChatLayout = lazy(() => chat().then((m) => ({ default: m.ChatLayout })));
const ChatEmpty = lazy(() => chat().then((m) => ({ default: m.ChatEmpty })));
// The chat view with what it hosts from other features (./chat-route), which the chat list fetches ahead.
const ChatRoute = lazy(retryingImport(() => import('./chat-route').then((m) => ({ default: m.ChatRoute }))));
const prefetchChatRoute = () => void import('./chat-route').catch(() => undefined);
// A sign-in link opened in a signed-in browser: the confirming dialog, loaded when such a link is opened.
const LinkDevicePage = lazy(
  retryingImport(() => import('../qr-sign-in/LinkDevicePage').then((m) => ({ default: m.LinkDevicePage }))),
);
const ContactPage = lazy(() => loadContactsPages().then((m) => ({ default: m.ContactPage })));
const ContactSection = lazy(() => loadContactsPages().then((m) => ({ default: m.ContactSection })));

/**
 * Spec §2 guard: checked on every path change; without a stored user id and token, go to /login. The
 * page asked for goes along (with its fragment, where a sign-in link carries its code), so that signing
 * in can lead back to a sign-in link's confirm dialog.
 */
function RequireSession({ children }: { readonly children: ReactNode }) {
  const { sessionStore } = useAppServices();
  const location = useLocation();
  if (!hasStoredCredentials(sessionStore)) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.hash}` }} />;
  }
  return <>{children}</>;
}

/** While a page's code loads: a spinner with a name (axe: a progress indicator must say what it is). */
function PageLoading() {
  const { t } = useText();
  return <Spinner label={t('ui.state.loadingClient')} />;
}

const lazyPage = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/** Spec §2 routes: /login, / (→ /chat), /chat, /chat/:conversationID, /contact and its children. */
function appRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <RequireSession>{lazyPage(<Shell />)}</RequireSession>,
      children: [
        { index: true, element: <Navigate to="/chat" replace /> },
        {
          path: 'chat',
          element: lazyPage(<ChatLayout prefetchView={prefetchChatRoute} />),
          children: [
            { index: true, element: lazyPage(<ChatEmpty />) },
            { path: ':conversationID', element: lazyPage(<ChatRoute />) },
          ],
        },
        { path: QR_SIGN_IN_ROUTE.slice(1), element: lazyPage(<LinkDevicePage />) },
        {
          path: 'contact',
          element: lazyPage(<ContactPage />),
          children: [
            { index: true, element: lazyPage(<ContactSection titleKey="ui.contact.myFriends" />) },
            { path: 'myGroups', element: lazyPage(<ContactSection titleKey="ui.contact.myGroups" />) },
            {
              path: 'newFriends',
              element: lazyPage(<ContactSection titleKey="ui.contact.newFriends" />),
            },
            {
              path: 'groupNotifications',
              element: lazyPage(<ContactSection titleKey="ui.contact.groupNotifications" />),
            },
            // The blacklist (Account settings links here)
            { path: 'blacklist', element: lazyPage(<ContactSection titleKey="ui.contact.blacklist" />) },
          ],
        },
      ],
    },
    { path: '*', element: <RouteErrorScreen notFound /> },
  ];
}

const ROUTES = appRoutes();

/**
 * The routes under a `<BrowserRouter>`. A render error anywhere shows the route error screen; should
 * that screen fail too, the fixed-text fallback. A navigation to another path clears the error.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(ROUTES);
  return (
    <RenderErrorBoundary fallback={<RouterFallback />}>
      <RenderErrorBoundary resetKey={location.pathname} fallback={<RouteErrorScreen notFound={false} />}>
        {element}
      </RenderErrorBoundary>
    </RenderErrorBoundary>
  );
}
