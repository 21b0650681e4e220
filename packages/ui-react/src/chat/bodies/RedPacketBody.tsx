import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { GiftFilled } from '@fluentui/react-icons';
import type { RedPacketBubble } from '@teamim/application';
import { useState } from 'react';
import { useText } from '../../text';
import { useChatSlots } from '../chat-slots';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    width: '240px',
    minHeight: '64px',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    justifyContent: 'start',
    textAlign: 'start',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundStaticInverted,
    border: 'none',
    ':hover': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundStaticInverted,
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundStaticInverted,
    },
  },
  done: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorPaletteRedForeground2,
    ':hover': {
      backgroundColor: tokens.colorPaletteRedBackground2,
      color: tokens.colorPaletteRedForeground2,
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteRedBackground2,
      color: tokens.colorPaletteRedForeground2,
    },
  },
  icon: { fontSize: '32px' },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  greeting: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: 'inherit',
  },
  caption: { fontSize: tokens.fontSizeBase200, color: 'inherit', opacity: 0.85 },
});

/** A red packet in the chat (spec §4): its greeting and whether it is opened or expired; a click opens it. */
export function RedPacketBody({ body }: { readonly body: RedPacketBubble }) {
  const { t } = useText();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const OpenDialog = useChatSlots().redPacketOpen;
  const state = body.opened ? t('ui.redPacket.opened') : body.expired ? t('ui.redPacket.expired') : '';
  const caption = state === '' ? t('ui.redPacket.label') : `${t('ui.redPacket.label')} · ${state}`;
  return (
    <>
      <Button
        className={mergeClasses(styles.card, (body.opened || body.expired) && styles.done)}
        aria-label={`${caption}: ${body.greeting}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <GiftFilled className={styles.icon} aria-hidden />
        <span className={styles.text}>
          <Text className={styles.greeting}>{body.greeting}</Text>
          <Text className={styles.caption}>{caption}</Text>
        </span>
      </Button>
      {open && OpenDialog !== undefined && (
        <OpenDialog message={body.message} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
