import {
  makeStyles,
  mergeClasses,
  ProgressBar,
  Spinner,
  Text,
  tokens,
  useModalAttributes,
} from '@fluentui/react-components';
import type { SessionScope } from '@teamim/application';
import { useObservableEagerState, useSubscription } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { callOverlay, SessionCallOverlay } from '../calls/SessionCallOverlay';
import { meetingRoom, SessionMeetingRoom } from '../meeting-room/SessionMeetingRoom';
import { ContactDialogsProvider, preloadContactDialogs } from './contact-dialogs';
import { useDesktopSlots } from '../desktop-slots';
import { PrefetchProvider, usePrefetch } from '../prefetch';
import { preloadContactsPages } from '../routing/pages';
import { useAppServices } from '../services';
import { SessionViewModelsContext, useViewModel } from '../session';
import { LIST_WIDTH, NARROW_LIST_WIDTH, NARROW_WINDOW } from '../layout';
import { useText } from '../text';
import { preloadToastHost } from '../toasts/Toasts';
import { useShortcuts } from '../common/keyboard';
import { EscapeClosesDialogs } from '../common/escape-closes-dialogs';
import { accountMenu, NavRail } from './NavRail';
import { plusMenu, TopBar } from './TopBar';

const NAV_RAIL_WIDTH = '68px';

const useStyles = makeStyles({
  center: { display: 'grid', placeItems: 'center', height: '100%' },
  shell: {
    display: 'grid',
    gridTemplateColumns: `${NAV_RAIL_WIDTH} minmax(0, 1fr)`,
    height: '100%',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  column: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 },
  status: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorNeutralForeground1,
  },
  recovered: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  main: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', outlineStyle: 'none' },
  // Over the foot of the conversation list, beside the nav rail: centred it covered the composer's
  // tools while sending already works during the sync; it fits the list's width less its margins.
  progress: {
    position: 'fixed',
    left: `calc(${NAV_RAIL_WIDTH} + ${tokens.spacingHorizontalM})`,
    bottom: tokens.spacingVerticalL,
    width: `calc(${LIST_WIDTH} - 2 * ${tokens.spacingHorizontalM})`,
    [`@media ${NARROW_WINDOW}`]: { width: `calc(${NARROW_LIST_WIDTH} - 2 * ${tokens.spacingHorizontalM})` },
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
});

/** The signed-in area (spec §2): opens the session scope, then shows the frame around the pages. */
export function Shell() {
  const services = useAppServices();
  const { t } = useText();
  const styles = useStyles();
  const [scope, setScope] = useState<SessionScope | undefined>();
  const [failed, setFailed] = useState<string | undefined>();

  useEffect(() => {
    let active = true;
    services.openSession().then(
      (opened) => active && setScope(opened),
      (error: unknown) => active && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      active = false;
    };
  }, [services]);
  if (scope === undefined) {
    return (
      <div className={styles.center}>
        {failed === undefined ? (
          <Spinner label={t('ui.state.loadingClient')} />
        ) : (
          <Text role="alert">
            {t('ui.state.connectFailed')}: {failed}
          </Text>
        )}
      </div>
    );
  }
  return (
    <SessionViewModelsContext.Provider value={scope.viewModels}>
      {/* Signed in only: the sign-in page's dialogs have no tooltips behind them, and its code stays small. */}
      <EscapeClosesDialogs />
      <PrefetchProvider>
        <ContactDialogsProvider>
          <SignedInShell />
        </ContactDialogsProvider>
      </PrefetchProvider>
    </SessionViewModelsContext.Provider>
  );
}

// The call overlay, meeting view, menus and contact dialogs of the shell, and the Contacts pages, are chunks of their
// own, fetched ahead. So is the toasts' host: signed in, the network works, and a failure later (offline)
// must not need it; a toast raised before it is there waits in the queue.
function prefetchShellParts(): void {
  preloadToastHost();
  callOverlay.preload();
  meetingRoom.preload();
  accountMenu.preload();
  plusMenu.preload();
  preloadContactDialogs();
  preloadContactsPages();
}

function SignedInShell() {
  const { t } = useText();
  const styles = useStyles();
  const navigate = useNavigate();
  const vm = useViewModel((vms) => vms.shell());
  const state = useObservableEagerState(vm.state$);
  const main = useRef<HTMLElement>(null);
  // Desktop: the update banner (the title bar is drawn by App, above sign-in too).
  const { updateBanner: UpdateBanner } = useDesktopSlots();
  // Spec §4: logout, expiry, kick and failed logins all lead to /login; the toast comes from the Notifier.
  useSubscription(vm.signedOut$, () => void navigate('/login', { replace: true }));
  // A clicked new-message notice (the platform already brought the window forward) opens its chat
  useSubscription(
    vm.noticeOpens$,
    (conversationID) => void navigate(`/chat/${encodeURIComponent(conversationID)}`),
  );
  useShortcuts();
  // Fluent's modal dialogs hide the rest of the page through tabster's modalizer, which lives only while
  // something that uses it is mounted. With every dialog loaded on first use, the first one opened was its
  // only user, and closing it took the modalizer away before it had shown the page again: the page stayed
  // hidden from assistive technology. The shell keeps it for the whole session.
  useModalAttributes();
  usePrefetch(prefetchShellParts);
  // The session formats times and notices in the UI's language.
  const { i18n } = useTranslation();
  useEffect(() => vm.followLocale(i18n.language), [vm, i18n.language]);
  // After sign-in the keyboard starts in the page, not on the document body.
  useEffect(() => main.current?.focus(), []);

  const statusKey =
    state.status === undefined
      ? undefined
      : (
          {
            offline: 'ui.state.offline',
            reconnecting: 'ui.state.reconnecting',
            reconnected: 'ui.state.reconnected',
            connectFailed: 'ui.state.connectFailed',
            connecting: 'ui.state.connecting',
            syncFailed: 'ui.state.syncFailed',
            syncing: 'ui.state.syncing',
          } as const
        )[state.status];

  return (
    <div className={styles.shell}>
      <NavRail state={state} onLogout={() => void vm.logout()} />
      <div className={styles.column}>
        {UpdateBanner !== undefined && <UpdateBanner />}
        <TopBar canAddFriends={state.canAddFriends} canCreateGroup={state.canCreateGroup} />
        <div role="status" aria-live="polite">
          {statusKey !== undefined && (
            <Text
              size={200}
              block
              className={mergeClasses(styles.status, state.status === 'reconnected' && styles.recovered)}
            >
              {t(statusKey)}
            </Text>
          )}
        </div>
        <main ref={main} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      {state.syncProgress !== undefined && (
        // Spec §2: the progress shows over the shell while a reinstall syncs. It floats instead of
        // covering the shell: the conversation list (from the server's first page) stays usable meanwhile.
        <div role="status" aria-label={t('ui.state.syncing')} className={styles.progress}>
          <Text>{t('ui.sync.progress', { percent: state.syncProgress })}</Text>
          <ProgressBar
            value={state.syncProgress / 100}
            aria-label={t('ui.sync.progress', { percent: state.syncProgress })}
          />
        </div>
      )}
      {/* The overlay of the call that rings or runs, over every page */}
      <SessionCallOverlay />
      {/* The meeting the user joined, over every page */}
      <SessionMeetingRoom />
    </div>
  );
}
