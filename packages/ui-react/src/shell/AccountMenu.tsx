import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { ShellState } from '@teamim/application';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { retryingImport } from '../retrying-import';
import { useQrSignInOffered } from '../services';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useContactDialogs } from '../common/contact-dialogs';
import { NotificationSetting } from '../notifications/NotificationSetting';
import { useText } from '../text';
import { AccountSettingsSlotsProvider, type AccountSettingsSlots } from '../wallet/account-settings-slots';
// Balance, account settings, About
import { AccountDialogs, type AccountDialog } from '../wallet/AccountDialogs';
import { AccountButton } from './AccountButton';

/** What the other features put into Account settings. */
export const ACCOUNT_SETTINGS_SLOTS: AccountSettingsSlots = { notifications: NotificationSetting };

// "Scan to sign in": the dialog and its camera load when first opened.
const ScanToSignIn = lazy(
  retryingImport(() => import('../qr-sign-in/ScanToSignIn').then((m) => ({ default: m.ScanToSignIn }))),
);

/** The own avatar's menu (spec §2): my info, balance, scan to sign in, account settings, About and logout. */
export function AccountMenu({
  state,
  onLogout,
}: {
  readonly state: ShellState;
  readonly onLogout: () => void;
}) {
  const { t } = useText();
  const dialogs = useContactDialogs();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [dialog, setDialog] = useState<AccountDialog | undefined>(undefined);
  const [scanning, setScanning] = useState(false);
  const offered = { balance: state.walletAvailable, scan: useQrSignInOffered() };
  // The items an open menu shows stay as they were when it opened: the balance and "Scan to sign in"
  // arrive with the deployment's answers shortly after a sign-in, and the menu, which grows upward from
  // its button, would move every item above a new one under the pointer. The next opening shows them.
  const [open, setOpen] = useState(true);
  const [shownWhenOpened, setShownWhenOpened] = useState(offered);
  const shown = open ? shownWhenOpened : offered;
  const self = state.self;
  // A dialog opened from this menu returns focus to the menu's button when it closes. Its own trigger,
  // the menu item, is gone by then: focus fell to <body>, and Fluent's focus manager (tabster) left its two
  // aria-hidden sentinels on <body> focusable until something else took focus (axe aria-hidden-focus).
  // By id: MenuTrigger's child takes no ref of ours.
  const accountButton = useId();
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = dialog !== undefined || confirmLogout || scanning;
    if (wasOpen.current && !open) document.getElementById(accountButton)?.focus();
    wasOpen.current = open;
  }, [dialog, confirmLogout, scanning, accountButton]);
  return (
    <>
      {/* Mounted when first asked for, so it opens at once; from then on it opens and closes itself. */}
      <Menu
        positioning="after-bottom"
        open={open}
        onOpenChange={(_event, data) => {
          if (data.open) setShownWhenOpened(offered);
          setOpen(data.open);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <AccountButton id={accountButton} self={self} />
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
            {shown.balance && (
              <MenuItem onClick={() => setDialog('balance')}>{t('ui.menu.balance')}</MenuItem>
            )}
            {/* Sign-in by QR code only where the deployment has it */}
            {shown.scan && <MenuItem onClick={() => setScanning(true)}>{t('ui.menu.scanToSignIn')}</MenuItem>}
            <MenuItem onClick={() => setDialog('settings')}>{t('ui.menu.accountSettings')}</MenuItem>
            <MenuItem onClick={() => setDialog('about')}>{t('ui.menu.about')}</MenuItem>
            <MenuItem onClick={() => setConfirmLogout(true)}>{t('ui.menu.logout')}</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={confirmLogout}
        title={t('ui.logout.confirmTitle')}
        body={t('ui.logout.confirmBody')}
        confirmLabel={t('ui.action.confirm')}
        onClose={() => setConfirmLogout(false)}
        onConfirm={onLogout}
      />
      {scanning && (
        <Suspense fallback={null}>
          <ScanToSignIn code={undefined} onClose={() => setScanning(false)} />
        </Suspense>
      )}
      {dialog !== undefined && (
        <AccountSettingsSlotsProvider value={ACCOUNT_SETTINGS_SLOTS}>
          <AccountDialogs which={dialog} onClose={() => setDialog(undefined)} onOpen={setDialog} />
        </AccountSettingsSlotsProvider>
      )}
    </>
  );
}
