import {
  createCSSRuleFromTheme,
  createDOMRenderer,
  FluentProvider,
  RendererProvider,
  renderToStyleElements,
  SSRProvider,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';
import { asyncScheduler, NEVER } from 'rxjs';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LOCALES, type Locale } from '@teamim/domain';
import {
  AccountApi,
  Clock,
  DeferredSessionStart,
  SignInService,
  SignInViewModel,
  type KeyValueStore,
} from '@teamim/application';
import { loadI18n } from '../i18n';
import { AppServicesContext, type AppServices } from '../services';
import { LoginPage } from './LoginPage';

/** The sign-in page rendered at build time: its markup per locale and the Fluent styles it uses. */
export interface PrerenderedSignIn {
  readonly pages: Readonly<Record<Locale, string>>;
  /** `<style>` elements for the document head (Griffel's buckets, rehydrated by the client). */
  readonly styles: string;
}

// Nothing is stored at build time; the page renders as a first visit sees it.
const emptyStore: KeyValueStore = {
  get: () => undefined,
  set: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
};

const unavailable = (): Promise<never> => Promise.reject(new Error('not available while pre-rendering'));

// Pre-rendering only renders; nothing is called, so every service refuses.
class UnavailableAccountApi extends AccountApi {
  sendCode = unavailable;
  verifyCode = unavailable;
  loginWithPassword = unavailable;
  loginWithCode = unavailable;
  register = unavailable;
  resetPassword = unavailable;
}

class BuildClock extends Clock {
  readonly scheduler = asyncScheduler;
  now(): number {
    return Date.now();
  }
  utcOffsetMinutes(): number {
    return 0;
  }
}

const signIn = new SignInService(
  new UnavailableAccountApi(),
  new DeferredSessionStart(emptyStore),
  emptyStore,
  new BuildClock(),
);

const services: AppServices = {
  signIn: () => new SignInViewModel(signIn),
  localStore: emptyStore,
  sessionStore: emptyStore,
  toasts$: NEVER,
  openSession: unavailable,
};

const PRERENDERED_CLASS = 'teamim-prerendered';

/**
 * The copy is rendered once, in the light theme; a dark system setting gets the dark theme's values
 * for the same variables (two classes outrank the provider's one), so the first paint matches what
 * the app then renders.
 */
const DARK_SCHEME = `@media (prefers-color-scheme: dark) { ${createCSSRuleFromTheme(
  `.fui-FluentProvider.${PRERENDERED_CLASS}`,
  webDarkTheme,
)} }`;

/**
 * Renders the sign-in page in every locale (React's server renderer with Griffel's style extraction),
 * so the build can put it into index.html and the browser paints the real page before the JS runs.
 */
export async function prerenderSignIn(): Promise<PrerenderedSignIn> {
  const renderer = createDOMRenderer();
  const pages = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const i18n = await loadI18n(locale);
    pages[locale] = renderToString(
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <I18nextProvider i18n={i18n}>
            <AppServicesContext.Provider value={services}>
              <FluentProvider theme={webLightTheme} className={PRERENDERED_CLASS}>
                <MemoryRouter initialEntries={['/login']}>
                  <LoginPage />
                </MemoryRouter>
              </FluentProvider>
            </AppServicesContext.Provider>
          </I18nextProvider>
        </SSRProvider>
      </RendererProvider>,
    );
  }
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
  return { pages, styles: `${styles}<style>${DARK_SCHEME}</style>` };
}
