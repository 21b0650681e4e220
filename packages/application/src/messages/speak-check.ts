import {
  checkCanSpeakInGroup,
  ok,
  type Conversation,
  type PermissionError,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';

/**
 * Spec §6: in a group the user must still be a member, not muted, and with mute-all on only owner and
 * admins speak. Checked only for the open group, whose info and own membership are loaded.
 */
export function checkCanSpeak(
  conversations: ConversationStore,
  conversation: Conversation,
  now: () => number,
): Result<void, PermissionError> | Promise<Result<void, PermissionError>> {
  const group = conversations.currentGroupInfo;
  const open = conversations.currentConversation;
  if (group === undefined || open?.conversationID !== conversation.conversationID) return ok(undefined);
  // Opened from the server's copy during the first sync, the SDK cannot tell the own membership yet.
  if (conversations.isServerOnly(conversation.conversationID)) return ok(undefined);
  const first = checkCanSpeakInGroup(group, conversations.currentMemberInfo, now());
  if (first.ok || first.error.reason !== 'notInGroup' || conversations.currentMemberInfo !== undefined) {
    return first;
  }
  // No own membership may also mean not read yet (the group's info came first, or the read came before the
  // SDK had the group's members): read it once more before telling the user they left the group.
  return conversations
    .refreshOwnMember(conversation.groupID)
    .then(() => checkCanSpeakInGroup(group, conversations.currentMemberInfo, now()));
}
