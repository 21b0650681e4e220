import { makeStyles, tokens } from '@fluentui/react-components';
import type { ComposerViewModel } from '@teamim/application';
import type { KeyboardEvent, ReactElement } from 'react';
import { useText } from '../text';
import { useChatSlots } from './chat-slots';
import { MediaTools } from './media/MediaTools';

const useStyles = makeStyles({
  toolbar: {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
  },
});

/**
 * The composer's tools (spec §2 chat view): emoji, picture and file upload, red packet (the wallet's,
 * through the chat's slot). Areas add their items to `items` in that order, one block each; the toolbar
 * is left out while it has none.
 * `disabled` (the composer access view model's `tools`) turns every tool off while the composer is closed.
 */
export function ComposerToolbar(props: {
  readonly conversationID: string;
  readonly vm: ComposerViewModel;
  readonly disabled?: boolean;
  /** Whether the red-packet tool shows (the deployment has a wallet). */
  readonly redPackets: boolean;
}) {
  const disabled = props.disabled ?? false;
  const { t } = useText();
  const styles = useStyles();
  const { redPacketEntry: RedPacketEntry } = useChatSlots();
  const items: ReactElement[] = [];
  // Emoji, picture/video and file upload (with paste and drop onto the chat).
  items.push(<MediaTools key="media" vm={props.vm} disabled={disabled} />);
  if (props.redPackets && RedPacketEntry !== undefined)
    items.push(<RedPacketEntry key="red-packet" conversationID={props.conversationID} disabled={disabled} />);
  if (items.length === 0) return <span className={styles.toolbar} />;
  return (
    <div
      role="toolbar"
      aria-label={t('ui.chat.composer.toolbar')}
      className={styles.toolbar}
      onKeyDown={moveFocus}
    >
      {items}
    </div>
  );
}

/**
 * Left and right arrows move between the tools. Fluent's Toolbar did this through a tabster mover, whose
 * focusable aria-hidden guard elements axe reports as serious (aria-hidden-focus).
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])'));
  const at = buttons.findIndex((b) => b === document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  const step = event.key === 'ArrowRight' ? 1 : -1;
  buttons[(at + step + buttons.length) % buttons.length]?.focus();
}
