import { ChatCallButtons } from '../calls/ChatCallButtons';
import { ChatSlotsProvider, type ChatSlots } from '../chat/chat-slots';
import { ChatView } from '../chat/ChatView';
import { GroupDrawerContent } from '../groups/GroupDrawer';
import { GroupHeaderButtons } from '../groups/GroupHeaderButtons';
import { MeetingBanner } from '../meetings/MeetingBanner';
import { MeetingCard } from '../meetings/MeetingCard';
import { MeetingHeaderButtons } from '../meetings/MeetingHeaderButtons';
import { RedPacketEntry } from '../wallet/RedPacketEntry';
import { RedPacketOpenDialog } from '../wallet/RedPacketOpenDialog';

/** What the other features put into the chat view. */
export const CHAT_SLOTS: ChatSlots = {
  callButtons: ChatCallButtons,
  groupButtons: GroupHeaderButtons,
  groupDrawer: GroupDrawerContent,
  redPacketEntry: RedPacketEntry,
  redPacketOpen: RedPacketOpenDialog,
  meetingCard: MeetingCard,
  meetingBanner: MeetingBanner,
  meetingButtons: MeetingHeaderButtons,
};

/**
 * The /chat/:conversationID page: the chat view with the other features' parts in its slots. The routes
 * load this module lazily, so the chat view and everything it hosts stay in one chunk of their own.
 */
export function ChatRoute() {
  return (
    <ChatSlotsProvider value={CHAT_SLOTS}>
      <ChatView />
    </ChatSlotsProvider>
  );
}
