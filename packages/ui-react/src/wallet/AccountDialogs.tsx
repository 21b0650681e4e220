import { AboutDialog } from './AboutDialog';
import { AccountSettingsDialog } from './AccountSettingsDialog';
import { BalanceDialog } from './BalanceDialog';
import { PayPasswordDialog } from './PayPasswordDialog';

export type AccountDialog = 'balance' | 'settings' | 'payPassword' | 'about';

/**
 * The avatar menu's dialogs (spec §2): my balance, account settings (whose pay-password entry replaces
 * it with the pay-password dialog, then comes back to it) and About, one at a time.
 */
export function AccountDialogs(props: {
  readonly which: AccountDialog | undefined;
  readonly onClose: () => void;
  readonly onOpen: (dialog: AccountDialog) => void;
}) {
  switch (props.which) {
    case 'balance':
      return <BalanceDialog onClose={props.onClose} />;
    case 'settings':
      return (
        <AccountSettingsDialog onClose={props.onClose} onPayPassword={() => props.onOpen('payPassword')} />
      );
    case 'payPassword':
      return <PayPasswordDialog onClose={() => props.onOpen('settings')} />;
    case 'about':
      return <AboutDialog onClose={props.onClose} />;
    case undefined:
      return null;
  }
}
