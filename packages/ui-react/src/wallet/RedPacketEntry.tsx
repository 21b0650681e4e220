import { Button, Tooltip } from '@fluentui/react-components';
import { GiftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useText } from '../text';
import { RedPacketSendDialog } from './RedPacketSendDialog';

/** The composer's red-packet tool (spec §2 chat view); the toolbar shows it only where there is a wallet. */
export function RedPacketEntry({
  conversationID,
  disabled = false,
}: {
  readonly conversationID: string;
  /** While the composer is closed (muted, mute-all). */
  readonly disabled?: boolean;
}) {
  const { t } = useText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content={t('ui.redPacket.entry')} relationship="label">
        <Button
          appearance="subtle"
          size="small"
          icon={<GiftRegular />}
          aria-haspopup="dialog"
          disabled={disabled}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open && <RedPacketSendDialog conversationID={conversationID} onClose={() => setOpen(false)} />}
    </>
  );
}
