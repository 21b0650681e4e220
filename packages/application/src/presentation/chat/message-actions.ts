import {
  checkCanRevoke,
  ContentType,
  isForwardable,
  isNotificationMessage,
  isPinMenuVisible,
  MessageStatus,
  type Message,
} from '@teamim/domain';

/** The actions of a message's context menu and hover toolbar, in the order they show (spec §2). */
export type MessageAction = 'copy' | 'saveAs' | 'forward' | 'quote' | 'pin' | 'unpin' | 'revoke' | 'delete';

/** Bodies the clipboard takes: text as text, a picture as an image (where the platform allows). */
const COPYABLE = new Set<number>([
  ContentType.Text,
  ContentType.AtText,
  ContentType.Quote,
  ContentType.AdvancedText,
  ContentType.Picture,
]);

/** Spec §2: save as is offered for picture, video and file messages only. */
export const MEDIA_CONTENT_TYPES: ReadonlySet<number> = new Set<number>([
  ContentType.Picture,
  ContentType.Video,
  ContentType.File,
]);

/** Content a quote can be made of: what the SDK's quote message can carry and show as a summary. */
const QUOTABLE = new Set<number>([
  ContentType.Text,
  ContentType.AtText,
  ContentType.Quote,
  ContentType.AdvancedText,
  ContentType.Picture,
  ContentType.Video,
  ContentType.File,
  ContentType.Voice,
  ContentType.Card,
  ContentType.Location,
  ContentType.Face,
  ContentType.Merge,
]);

export interface MessageActionContext {
  readonly selfUserID: string;
  /** Whether the message is pinned in its conversation (local pins, spec §3). */
  readonly pinned: boolean;
}

/**
 * Which actions a message offers (spec §2 context menu, §6 permissions): notices offer none; a
 * message not yet on the server can only be copied or deleted; pin/unpin only in group sessions;
 * revoke only the sender's own messages; forward only content the SDK can forward.
 */
export function messageActions(message: Message, context: MessageActionContext): readonly MessageAction[] {
  if (isNotificationMessage(message) || message.contentType === ContentType.Typing) return [];
  const copy = COPYABLE.has(message.contentType);
  if (message.status !== MessageStatus.Succeeded) {
    return copy ? ['copy', 'delete'] : ['delete'];
  }
  const actions: MessageAction[] = [];
  if (copy) actions.push('copy');
  if (MEDIA_CONTENT_TYPES.has(message.contentType)) actions.push('saveAs');
  if (isForwardable(message)) actions.push('forward');
  if (QUOTABLE.has(message.contentType)) actions.push('quote');
  if (isPinMenuVisible(message.sessionType)) actions.push(context.pinned ? 'unpin' : 'pin');
  if (checkCanRevoke(message, context.selfUserID).ok) actions.push('revoke');
  actions.push('delete');
  return actions;
}
