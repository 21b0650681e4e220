import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { SessionViewModels } from '@teamim/application';
import type { Locale } from '@teamim/domain';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { EscapeClosesDialogs } from '../common/escape-closes-dialogs';
import { loadI18n } from '../i18n';
import { SessionViewModelsContext } from '../session';

export interface RenderViewOptions {
  readonly locale?: Locale;
  /** The current path; with `path`, the view is rendered as that route's element (for params). */
  readonly route?: string;
  /** The history state of that entry, as a redirect leaves it (`routing/routes.tsx`'s guard). */
  readonly routeState?: unknown;
  readonly path?: string;
  readonly viewModels?: SessionViewModels;
  /** Extra providers around the view (e.g. the app services context). */
  readonly wrap?: (children: ReactNode) => ReactNode;
}

/** Renders a view as the app does: theme, strings, router and (optionally) a session's view models. */
export async function renderView(ui: ReactNode, options: RenderViewOptions = {}): Promise<RenderResult> {
  const i18n = await loadI18n(options.locale ?? 'en-US');
  const routed =
    options.path === undefined ? (
      ui
    ) : (
      <Routes>
        <Route path={options.path} element={ui} />
      </Routes>
    );
  const withSession =
    options.viewModels === undefined ? (
      routed
    ) : (
      <SessionViewModelsContext.Provider value={options.viewModels}>
        {routed}
      </SessionViewModelsContext.Provider>
    );
  const wrapped = options.wrap === undefined ? withSession : options.wrap(withSession);
  return render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <EscapeClosesDialogs />
        <MemoryRouter
          initialEntries={[
            options.routeState === undefined
              ? (options.route ?? '/')
              : { pathname: options.route ?? '/', state: options.routeState },
          ]}
        >
          {wrapped}
        </MemoryRouter>
      </FluentProvider>
    </I18nextProvider>,
  );
}
