import { makeStyles, tokens } from '@fluentui/react-components';
import type { ComposerViewModel } from '@teamim/application';
import type { ReactElement } from 'react';
import { useText } from '../text';
// 16: red packets
import { RedPacketEntry, useWalletAvailable } from '../wallet/RedPacketEntry';

const useStyles = makeStyles({
  toolbar: {
    flex: 1,
    minWidth: 0,
    padding: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
  },
});

/**
 * The composer's tools (spec §2 chat view): emoji, picture and file upload, red packet. Areas add
 * their items to `items` in that order, one block each; the toolbar is left out while it has none.
 */
export function ComposerToolbar(props: { readonly conversationID: string; readonly vm: ComposerViewModel }) {
  const { t } = useText();
  const styles = useStyles();
  const items: ReactElement[] = [];
  // 16: red packets, only where the deployment has a wallet
  const walletAvailable = useWalletAvailable();
  if (walletAvailable) items.push(<RedPacketEntry key="red-packet" conversationID={props.conversationID} />);
  if (items.length === 0) return <span className={styles.toolbar} />;
  return (
    // A plain toolbar: Fluent's Toolbar adds focus-trap sentinels (aria-hidden yet focusable) that axe
    // flags as aria-hidden-focus; each tool is a button in the tab order.
    <div role="toolbar" aria-label={t('ui.chat.composer.toolbar')} className={styles.toolbar}>
      {items}
    </div>
  );
}
