import { customPayloadOf, isRedPacketExpired, isRedPacketOpened, type Message } from '@teamim/domain';

/** A red-packet bubble (spec §4): its greeting, whether this client opened it, whether it has expired. */
export interface RedPacketBubble {
  readonly kind: 'redPacket';
  readonly greeting: string;
  /** Marked `is_get_redbag` after a successful open on this device. */
  readonly opened: boolean;
  readonly expired: boolean;
  readonly mine: boolean;
  readonly isGroup: boolean;
  /** The message itself, which the open dialog's view model claims. */
  readonly message: Message;
}

/** The red-packet body of a message, or undefined when it is not a red packet. */
export function redPacketBody(
  message: Message,
  // The parts of the chat's view context it needs (rows.ts imports this file's caller).
  context: { readonly selfUserID: string; readonly nowMs: number },
): RedPacketBubble | undefined {
  const payload = customPayloadOf(message);
  if (payload?.kind !== 'redPacket') return undefined;
  return {
    kind: 'redPacket',
    greeting: payload.data.message,
    opened: isRedPacketOpened(message),
    expired: isRedPacketExpired(message.sendTime, context.nowMs),
    mine: message.sendID === context.selfUserID,
    isGroup: message.groupID !== '',
    message,
  };
}
