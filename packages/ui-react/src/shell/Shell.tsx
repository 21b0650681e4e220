import {
  Avatar,
  Button,
  CounterBadge,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ProgressBar,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { useObservableState } from 'observable-hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { of } from 'rxjs';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { ContactDialogsProvider, useContactDialogs } from '../contacts/dialogs';
import { SignedInContext, useAppServices, type SignedInServices } from '../services';
import { useText } from '../text';
import { connectionStatusKey } from './status';
import { TopBar } from './TopBar';

/** The signed-in area (spec §2): left navigation, the page outlet, the sync overlay and the status line. */
export function Shell() {
  const services = useAppServices();
  const navigate = useNavigate();
  const { t } = useText();
  const [signedIn, setSignedIn] = useState<SignedInServices | undefined>();
  const [failed, setFailed] = useState<string | undefined>();

  useEffect(() => {
    let active = true;
    services.loadSignedIn().then(
      (loaded) => {
        if (active) setSignedIn(loaded);
      },
      (error: unknown) => {
        if (active) setFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      active = false;
    };
  }, [services]);

  // navigate changes identity on every route change; through a ref the bootstrap below runs once per
  // sign-in, not once per navigation (a second SDK login during the first one used to sign the user out).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (signedIn === undefined) return;
    // Spec §4: logout, expiry, kick and failed logins all lead to /login; the toast comes from the Notifier.
    const subscription = signedIn.session.signedOut$.subscribe(
      () => void navigateRef.current('/login', { replace: true }),
    );
    void signedIn.session.bootstrap();
    return () => subscription.unsubscribe();
  }, [signedIn]);

  if (signedIn === undefined) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
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
    <SignedInContext.Provider value={signedIn}>
      <ContactDialogsProvider>
        <SignedInShell services={signedIn} />
      </ContactDialogsProvider>
    </SignedInContext.Provider>
  );
}

function SignedInShell({ services }: { readonly services: SignedInServices }) {
  const { t } = useText();
  const unread = useObservableState(services.conversations.unreadCount$, 0);
  const applications = useObservableState(services.contacts.applicationBadge$, 0);
  const connection = useObservableState(services.session.connection$, 'idle');
  const sync = useObservableState(services.session.sync$, 'idle');
  const reinstalling = useObservableState(services.session.reinstalling$, false);
  const progress = useObservableState(services.session.syncProgress$, 0);
  const statusKey = connectionStatusKey(connection, sync);

  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      <nav
        aria-label={t('ui.nav.label')}
        style={{
          width: 72,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 12,
          padding: '16px 0',
          background: '#f0f2f5',
        }}
      >
        <AccountMenu services={services} />
        <NavItem
          to="/chat"
          label={t('ui.nav.chat')}
          count={unread}
          countLabel={t('ui.nav.unread', { count: unread })}
        />
        <NavItem
          to="/contact"
          label={t('ui.nav.contact')}
          count={applications}
          countLabel={t('ui.nav.applications', { count: applications })}
        />
      </nav>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <TopBar services={services} />
        <div role="status" aria-live="polite" style={{ minHeight: 24, padding: '4px 16px' }}>
          {statusKey !== undefined && <Text size={200}>{t(statusKey)}</Text>}
        </div>
        <main style={{ flex: 1, padding: 16 }}>
          <Outlet />
        </main>
      </div>
      {reinstalling && (
        // Spec §2: the progress shows over the shell while a reinstall syncs. It floats instead of
        // covering the shell: the conversation list (from the server's first page) stays usable meanwhile.
        <div
          role="status"
          aria-label={t('ui.state.syncing')}
          style={{
            position: 'fixed',
            left: '50%',
            bottom: 24,
            transform: 'translateX(-50%)',
            width: 320,
            padding: '12px 16px',
            borderRadius: 8,
            background: '#ffffff',
            boxShadow: '0 4px 16px rgba(0,0,0,0.18)',
          }}
        >
          <Text>{t('ui.sync.progress', { percent: progress })}</Text>
          <ProgressBar value={progress / 100} aria-label={t('ui.sync.progress', { percent: progress })} />
        </div>
      )}
    </div>
  );
}

function NavItem(props: {
  readonly to: string;
  readonly label: string;
  readonly count: number;
  readonly countLabel: string;
}): ReactNode {
  return (
    <NavLink
      to={props.to}
      style={({ isActive }) => ({
        position: 'relative',
        padding: '8px 4px',
        borderRadius: 6,
        textDecoration: 'none',
        color: 'inherit',
        fontWeight: isActive ? 600 : 400,
        background: isActive ? '#dfe3e8' : 'transparent',
        width: 60,
        textAlign: 'center',
      })}
    >
      {props.label}
      {props.count > 0 && (
        <CounterBadge
          count={props.count}
          overflowCount={99}
          size="small"
          aria-label={props.countLabel}
          style={{ position: 'absolute', top: 0, right: 0 }}
        />
      )}
    </NavLink>
  );
}

const NO_FEATURES = of(undefined);

function AccountMenu({ services }: { readonly services: SignedInServices }) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  const self = useObservableState(services.currentUser.selfInfo$, services.currentUser.selfInfo);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const name = self?.nickname ?? '';
  // The wallet is our local server's; on a deployment without it the entry is not shown at all.
  const features = useObservableState(
    services.capabilities?.features$ ?? NO_FEATURES,
    services.capabilities?.current,
  );

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="transparent"
            aria-label={t('ui.nav.accountMenu')}
            icon={
              <Avatar name={name} size={36} {...(self?.faceURL ? { image: { src: self.faceURL } } : {})} />
            }
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {/* Spec §2: my info is the user card of self, with Edit info. */}
            <MenuItem
              disabled={self === undefined}
              onClick={() => self !== undefined && dialogs.openUserCard(self)}
            >
              {t('ui.menu.myInfo')}
            </MenuItem>
            {/* Built by a later issue; visibly disabled until then. */}
            {features?.wallet === 'available' && <MenuItem disabled>{t('ui.menu.balance')}</MenuItem>}
            <MenuItem disabled>{t('ui.menu.accountSettings')}</MenuItem>
            <MenuItem disabled>{t('ui.menu.about')}</MenuItem>
            <MenuItem onClick={() => setConfirmLogout(true)}>{t('ui.menu.logout')}</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Dialog open={confirmLogout} onOpenChange={(_e, d) => setConfirmLogout(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('ui.logout.confirmTitle')}</DialogTitle>
            <DialogContent>{t('ui.logout.confirmBody')}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirmLogout(false)}>{t('ui.action.cancel')}</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  setConfirmLogout(false);
                  void services.session.logout();
                }}
              >
                {t('ui.action.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
