import { AboutDialog } from './AboutDialog';
import { AccountSettingsDialog } from './AccountSettingsDialog';
import { BalanceDialog } from './BalanceDialog';

export type AccountDialog = 'balance' | 'settings' | 'about';

/** The avatar menu's dialogs (spec §2): my balance, account settings and About, one at a time. */
export function AccountDialogs(props: {
  readonly which: AccountDialog | undefined;
  readonly onClose: () => void;
}) {
  switch (props.which) {
    case 'balance':
      return <BalanceDialog onClose={props.onClose} />;
    case 'settings':
      return <AccountSettingsDialog onClose={props.onClose} />;
    case 'about':
      return <AboutDialog onClose={props.onClose} />;
    case undefined:
      return null;
  }
}
