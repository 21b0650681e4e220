// Loaded only inside the desktop shell (the Electron preload exposed its bridge): the browser build
// never fetches this chunk. It binds the application's desktop ports to the bridge and builds the
// desktop-only views (title bar, update banner, close action, log upload) over them.
import type {
  FileUploader,
  LocalStore,
  Logger,
  MessageNotices,
  Notifier,
  SessionScope,
} from '@teamim/application';
import {
  connectDesktopCalls,
  connectDesktopShell,
  createDesktopAdapters,
  findDesktopApi,
} from '@teamim/desktop/renderer';
import { map } from 'rxjs';
import { isLocale, resolveLocale, STORAGE_KEYS, type Locale } from '@teamim/domain';
import { createDesktopSlots, type DesktopSlots } from '@teamim/ui-react';

export interface DesktopDeps {
  readonly notifier: Notifier;
  readonly localStore: LocalStore;
  /** The signed-in session's uploader (the SDK loads after sign-in). */
  readonly fileUploader: () => Promise<FileUploader>;
}

/** The part of i18next followed here. */
interface LanguageSource {
  on(event: 'languageChanged', listener: (language: string) => void): unknown;
}

export interface DesktopRenderer {
  readonly slots: DesktopSlots;
  /** Spec §9: the language the desktop app stored wins at start. */
  readonly locale: Locale;
  /** Stores every language the user picks in the desktop app too, for its next start and its tray. */
  followLanguage(i18n: LanguageSource): void;
  // The session's notices through the shell, renderer logs into its files, the tray's unread count
  readonly messageNotices: MessageNotices;
  readonly logger: Logger;
  /** Follows a signed-in session's total unread count in the tray until the session ends. */
  connectSession(scope: SessionScope): void;
}

export async function startDesktop(deps: DesktopDeps): Promise<DesktopRenderer | undefined> {
  const api = findDesktopApi(window);
  if (api === undefined) return undefined;
  const adapters = createDesktopAdapters(api, deps.fileUploader);
  const stored = await api.settings.getLanguage().catch(() => null);
  const locale = resolveLocale({
    desktopLanguage: stored,
    storedLocale: deps.localStore.get(STORAGE_KEYS.local.locale) ?? null,
  });
  return {
    slots: createDesktopSlots({ ...adapters, notifier: deps.notifier }),
    locale,
    messageNotices: adapters.messageNotices,
    logger: adapters.logger,
    connectSession(scope) {
      const tray = connectDesktopShell(api, { unreadCount$: scope.services.conversations.unreadCount$ });
      // Microphone and camera only during a call (main's permission handler follows this).
      tray.add(
        connectDesktopCalls(api, scope.services.calls.state$.pipe(map((call) => call.phase !== 'idle'))),
      );
      const ended = scope.services.session.signedOut$.subscribe(() => {
        ended.unsubscribe();
        tray.unsubscribe();
      });
    },
    followLanguage(i18n) {
      i18n.on('languageChanged', (language: string) => {
        if (isLocale(language)) {
          void api.settings.setLanguage(language).catch(() => undefined);
        }
      });
    },
  };
}
