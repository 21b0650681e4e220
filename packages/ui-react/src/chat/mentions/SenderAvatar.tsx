import {
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import { MentionRegular } from '@fluentui/react-icons';
import type { ChatViewModel } from '@teamim/application';
import { useRef, useState, type MouseEvent } from 'react';
import { FaceAvatar } from '../../FaceAvatar';
import { useText } from '../../text';
import { requestMention } from './mention-bridge';

/**
 * A sender's avatar in the message list. In a group chat, right-clicking another member's avatar
 * offers an @ mention (spec §2), which the composer inserts; elsewhere it is the plain avatar.
 */
export function SenderAvatar(props: {
  readonly vm: ChatViewModel;
  readonly senderID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly own: boolean;
}) {
  const { t } = useText();
  const positioning = useRef<PositioningImperativeRef>(null);
  const [open, setOpen] = useState(false);
  const state = props.vm.state;
  const mentionable = state.status === 'open' && state.header.isGroup && !props.own && props.senderID !== '';
  const avatar = <FaceAvatar name={props.name} faceURL={props.faceURL} size={36} />;
  if (!mentionable) return avatar;

  const onContextMenu = (event: MouseEvent<HTMLSpanElement>) => {
    event.preventDefault();
    // The row's own context menu (message actions) is for the message, not its sender.
    event.stopPropagation();
    const { clientX: x, clientY: y } = event;
    positioning.current?.setTarget({ getBoundingClientRect: () => new DOMRect(x, y, 0, 0) });
    setOpen(true);
  };
  const mention = () => {
    setOpen(false);
    requestMention(state.conversationID, { userID: props.senderID, nickname: props.name });
  };
  return (
    <span data-sender-avatar onContextMenu={onContextMenu}>
      {avatar}
      <Menu
        open={open}
        onOpenChange={(_e, data) => setOpen(data.open)}
        positioning={{ positioningRef: positioning, position: 'below', align: 'start' }}
      >
        <MenuPopover>
          <MenuList aria-label={t('ui.media.memberMenu', { name: props.name })}>
            <MenuItem icon={<MentionRegular />} onClick={mention}>
              {t('ui.media.mentionMember', { name: props.name })}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </span>
  );
}
