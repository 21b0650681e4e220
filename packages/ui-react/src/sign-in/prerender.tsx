import {
  createDOMRenderer,
  FluentProvider,
  RendererProvider,
  renderToStyleElements,
  SSRProvider,
  webLightTheme,
} from '@fluentui/react-components';
import { NEVER } from 'rxjs';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LOCALES, type Locale } from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';
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
const services: AppServices = {
  account: {
    sendCode: unavailable,
    loginWithPassword: unavailable,
    loginWithCode: unavailable,
    register: unavailable,
    resetPassword: unavailable,
  },
  localStore: emptyStore,
  sessionStore: emptyStore,
  toasts$: NEVER,
  openSession: unavailable,
};

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
              <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
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
  return { pages, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
}
