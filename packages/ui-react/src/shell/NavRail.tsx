import {
  Button,
  CounterBadge,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
} from '@fluentui/react-components';
import { ChatFilled, ChatRegular, PeopleFilled, PeopleRegular } from '@fluentui/react-icons';
import type { ShellState } from '@teamim/application';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useContactDialogs } from '../contacts/dialogs';
import { useText } from '../text';
// Balance, account settings, About
import { AccountDialogs, type AccountDialog } from '../wallet/AccountDialogs';
import { FaceAvatar } from '../FaceAvatar';

const useStyles = makeStyles({
  rail: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} 0`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXS,
    width: '56px',
    padding: `${tokens.spacingVerticalS} 0`,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase100,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: tokens.shadow2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorBrandForeground1 },
  },
  icon: { fontSize: '24px' },
  badge: { position: 'absolute', top: '2px', right: '6px' },
  account: { marginTop: 'auto' },
});

/** Spec §2 left navigation: chat and contacts with their badges, and the own avatar's menu. */
export function NavRail({ state, onLogout }: { readonly state: ShellState; readonly onLogout: () => void }) {
  const { t } = useText();
  const styles = useStyles();
  return (
    <nav aria-label={t('ui.nav.label')} className={styles.rail}>
      <NavItem
        to="/chat"
        label={t('ui.nav.chat')}
        icon={(active) => (active ? <ChatFilled /> : <ChatRegular />)}
        count={state.unread}
        countLabel={t('ui.nav.unread', { count: state.unread })}
      />
      <NavItem
        to="/contact"
        label={t('ui.nav.contact')}
        icon={(active) => (active ? <PeopleFilled /> : <PeopleRegular />)}
        count={state.applications}
        countLabel={t('ui.nav.applications', { count: state.applications })}
      />
      <div className={styles.account}>
        <AccountMenu state={state} onLogout={onLogout} />
      </div>
    </nav>
  );
}

function NavItem(props: {
  readonly to: string;
  readonly label: string;
  readonly icon: (active: boolean) => ReactNode;
  readonly count: number;
  readonly countLabel: string;
}) {
  const styles = useStyles();
  return (
    <NavLink to={props.to} className={({ isActive }) => mergeClasses(styles.item, isActive && styles.active)}>
      {({ isActive }) => (
        <>
          <span className={styles.icon} aria-hidden>
            {props.icon(isActive)}
          </span>
          {props.label}
          {props.count > 0 && (
            <CounterBadge
              className={styles.badge}
              count={props.count}
              overflowCount={99}
              size="small"
              aria-label={props.countLabel}
            />
          )}
        </>
      )}
    </NavLink>
  );
}

function AccountMenu({ state, onLogout }: { readonly state: ShellState; readonly onLogout: () => void }) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [dialog, setDialog] = useState<AccountDialog | undefined>(undefined);
  const self = state.self;
  // A dialog opened from this menu returns focus to the menu's button when it closes. Its own trigger,
  // the menu item, is gone by then: focus fell to <body>, and Fluent's focus manager (tabster) left its two
  // aria-hidden sentinels on <body> focusable until something else took focus (axe aria-hidden-focus).
  // By id: MenuTrigger's child takes no ref of ours.
  const accountButton = useId();
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = dialog !== undefined || confirmLogout;
    if (wasOpen.current && !open) document.getElementById(accountButton)?.focus();
    wasOpen.current = open;
  }, [dialog, confirmLogout, accountButton]);
  return (
    <>
      <Menu positioning="after-bottom">
        <MenuTrigger disableButtonEnhancement>
          <Button
            id={accountButton}
            appearance="transparent"
            aria-label={t('ui.nav.accountMenu')}
            title={self?.name}
            icon={
              // Decorative: the button is named; a nameless avatar (before the profile loads) would be an
              // unnamed image to axe.
              <FaceAvatar name={self?.name ?? ''} faceURL={self?.faceURL ?? ''} size={36} />
            }
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {/* Spec §2: my info is the user card of self, with Edit info. */}
            <MenuItem
              disabled={self === undefined}
              onClick={() => self !== undefined && dialogs.openUserCard(self.info)}
            >
              {t('ui.menu.myInfo')}
            </MenuItem>
            {/* The balance only where the deployment has a wallet */}
            {state.walletAvailable && (
              <MenuItem onClick={() => setDialog('balance')}>{t('ui.menu.balance')}</MenuItem>
            )}
            <MenuItem onClick={() => setDialog('settings')}>{t('ui.menu.accountSettings')}</MenuItem>
            <MenuItem onClick={() => setDialog('about')}>{t('ui.menu.about')}</MenuItem>
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
                  onLogout();
                }}
              >
                {t('ui.action.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {dialog !== undefined && (
        <AccountDialogs which={dialog} onClose={() => setDialog(undefined)} onOpen={setDialog} />
      )}
    </>
  );
}
