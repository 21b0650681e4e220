import type { Message } from '../entities/message';

/**
 * §3/§4 Pinned messages: a per-conversation list of full messages, newest pin first, kept by the
 * client. These functions compute the next list; storing it is the application's job.
 */

export function isPinned(list: readonly Pick<Message, 'clientMsgID'>[], clientMsgID: string): boolean {
  return list.some((message) => message.clientMsgID === clientMsgID);
}

/** Adds `message` at the front with its pin fields set; a message already pinned leaves the list as is. */
export function addPinnedMessage(
  list: readonly Message[],
  message: Message,
  pinnedBy: string,
  nowMs: number,
): readonly Message[] {
  if (isPinned(list, message.clientMsgID)) return list;
  return [{ ...message, isPinned: true, pinnedBy, pinnedTime: nowMs }, ...list];
}

/** Removes the message (unpin, revoke or delete); other entries keep their order. */
export function removePinnedMessage(list: readonly Message[], clientMsgID: string): readonly Message[] {
  return list.filter((message) => message.clientMsgID !== clientMsgID);
}

/** §2 Clicking the banner cycles through the pinned messages. */
export function nextPinnedIndex(currentIndex: number, count: number): number {
  if (count <= 0) return 0;
  return (((currentIndex + 1) % count) + count) % count;
}
