import { compareMessagesInConversation, PAGING, type Conversation, type Message } from '@teamim/domain';
import type { MessagesGateway } from '../ports/messages.port';
import { attempt, MISSING_ROUTE_CODE } from '../shared/remote-error';

/**
 * The first minute after sign-in. A fresh client's SDK needs 10-20 s for its first sync of a large
 * account, and a conversation it has not reached yet has no history in it. Such a conversation opens
 * from the server's copy of its newest messages instead; the SDK's history replaces it once the SDK has
 * the conversation (`mergeLocalHistory`). A deployment without the server path (`MISSING_ROUTE_CODE`)
 * is remembered: from then on such conversations wait for the SDK, as before.
 */
export class ServerPreview {
  private absent = false;
  private loaded: { readonly conversationID: string; readonly messages: readonly Message[] } | undefined;
  /** Ids of the messages shown from the server's copy (the SDK acts only on its own copies). */
  private readonly served = new Set<string>();

  constructor(private readonly gateway: MessagesGateway) {}

  /** Reads the conversation's newest page from the server; false when there is none to show. */
  async load(conversation: Conversation): Promise<boolean> {
    if (this.absent) return false;
    const id = conversation.conversationID;
    const page = await attempt(() => this.gateway.getServerNewest(id, PAGING.history));
    if (!page.ok) {
      if (page.error.code === MISSING_ROUTE_CODE) this.absent = true;
      return false;
    }
    this.loaded = { conversationID: id, messages: page.value };
    return true;
  }

  /** The page loaded for this conversation, once (undefined if another one was loaded last). */
  take(conversationID: string): readonly Message[] | undefined {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (loaded?.conversationID !== conversationID) return undefined;
    for (const m of loaded.messages) this.served.add(m.clientMsgID);
    return loaded.messages;
  }

  /** Whether this message was shown from the server's copy (this session). */
  isServerCopy(clientMsgID: string): boolean {
    return this.served.has(clientMsgID);
  }
}

/**
 * Position of a message in its conversation: seq where both have one, else the domain's order (send
 * time, or the creation time of one still being sent: by send time alone, 0, a message sent during the
 * first sync counted as older than everything and vanished from the list until it was delivered).
 */
function isOlder(a: Message, b: Message): boolean {
  return (a.seq ?? 0) > 0 && (b.seq ?? 0) > 0
    ? (a.seq ?? 0) < (b.seq ?? 0)
    : compareMessagesInConversation(a, b) < 0;
}

/**
 * The list once the SDK's newest history page arrives for a conversation shown from the server: the SDK's
 * copy of a message wins (same clientMsgID: no duplicates); shown messages the page lacks stay when they
 * are not older than the page's oldest (sent or received meanwhile), and older ones go (paging from the
 * SDK's oldest brings them back in order). An empty page keeps what is shown.
 */
export function mergeLocalHistory(shown: readonly Message[], local: readonly Message[]): readonly Message[] {
  if (local.length === 0) return shown;
  const ids = new Set(local.map((m) => m.clientMsgID));
  const oldest = local.reduce((o, m) => (isOlder(m, o) ? m : o));
  return [...local, ...shown.filter((m) => !ids.has(m.clientMsgID) && !isOlder(m, oldest))];
}

/**
 * The SDK's own copy of a message shown from the server's, read once the SDK has its conversation:
 * the SDK forwards and quotes only messages it has read itself. Without one (a failed read, a message the
 * SDK does not hold) the message is returned as it is, and the action fails as it would have anyway (a
 * forward counts it failed in its summary toast).
 */
export async function sdkCopy(
  gateway: MessagesGateway,
  conversationID: string,
  message: Message,
): Promise<Message> {
  const found = await attempt(() => gateway.findMessages(conversationID, [message.clientMsgID]));
  return (found.ok ? found.value.find((m) => m.clientMsgID === message.clientMsgID) : undefined) ?? message;
}
