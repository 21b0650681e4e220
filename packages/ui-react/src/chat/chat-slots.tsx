import type { ChatHeader } from '@teamim/application';
import type { Message } from '@teamim/domain';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the chat view hosts from other features, each with the props the chat passes it. Chat does not
 * import those features: the route that composes the chat view fills the slots (`routing/chat-route.tsx`),
 * and where a slot is empty the chat renders nothing in its place.
 */
export interface ChatSlots {
  /** The voice and video call buttons in a single chat's header. */
  readonly callButtons?: ComponentType<{ readonly peerUserID: string }>;
  /** The header's group buttons: create a group from a single chat, invite in a group. */
  readonly groupButtons?: ComponentType<{ readonly header: ChatHeader }>;
  /** A group chat's settings drawer: its header, views and dialogs. */
  readonly groupDrawer?: ComponentType<{ readonly groupID: string; readonly onClose: () => void }>;
  /** The composer's red packet tool, where the deployment has a wallet. */
  readonly redPacketEntry?: ComponentType<{ readonly conversationID: string; readonly disabled: boolean }>;
  /** The dialog that opens a red packet message. */
  readonly redPacketOpen?: ComponentType<{ readonly message: Message; readonly onClose: () => void }>;
  /** A meeting's card in the list, following the meeting's state live. */
  readonly meetingCard?: ComponentType<{
    readonly conversationID: string;
    readonly meetingID: string;
    readonly title: string;
  }>;
  /** Above the list while a meeting of the conversation is in progress. */
  readonly meetingBanner?: ComponentType<{ readonly conversationID: string }>;
  /** A group chat header's Start meeting and Schedule meeting buttons. */
  readonly meetingButtons?: ComponentType<{ readonly conversationID: string }>;
}

const NO_SLOTS: ChatSlots = {};
const ChatSlotsContext = createContext<ChatSlots>(NO_SLOTS);

export const ChatSlotsProvider = ChatSlotsContext.Provider;

export function useChatSlots(): ChatSlots {
  return useContext(ChatSlotsContext);
}
