// Small steps shared by the SDK-driven scenarios. Each goes through the SDK's public API and waits for
// the SDK's own callbacks, so a server that only answered empty successes fails here.
import type { ConversationItem, MessageItem, SdkClient } from './sdk';

/** OpenIM's one-to-one conversation ID: `si_` + both user IDs sorted. */
export function singleConversationID(a: string, b: string): string {
  return `si_${[a, b].sort().join('_')}`;
}

/** Sends a text message and returns the message as the SDK stored it after the server acknowledged it. */
export async function sendText(from: SdkClient, toUserID: string, text: string): Promise<MessageItem> {
  const message = await from.data('createTextMessage', text);
  return from.data('sendMessage', { recvID: toUserID, groupID: '', message });
}

/** Waits until `client` received (OnRecvNewMessages) a message with this clientMsgID. */
export async function receivedMessage(
  client: SdkClient,
  clientMsgID: string,
  timeoutMs = 20_000,
): Promise<MessageItem> {
  const event = await client.waitFor(
    'OnRecvNewMessages',
    (msgs) => msgs.some((m) => m.clientMsgID === clientMsgID),
    timeoutMs,
  );
  const message = event.data.find((m) => m.clientMsgID === clientMsgID);
  if (!message) throw new Error('unreachable: predicate matched');
  return message;
}

/** The newest `count` messages of a conversation from the SDK (local DB, pulling from the server as needed). */
export async function history(client: SdkClient, conversationID: string, count = 50): Promise<MessageItem[]> {
  const result = await client.data('getAdvancedHistoryMessageList', {
    conversationID,
    startClientMsgID: '',
    count,
    viewType: 0,
  });
  return result.messageList;
}

export function textOf(message: MessageItem | undefined): string | undefined {
  return message?.textElem?.content;
}

/** A conversation as the SDK currently has it locally. */
export async function conversation(
  client: SdkClient,
  conversationID: string,
): Promise<ConversationItem | undefined> {
  const all = await client.data('getAllConversationList');
  return all.find((c) => c.conversationID === conversationID);
}

/** Waits for OnConversationChanged/OnNewConversation carrying `conversationID` in a state that satisfies `predicate`. */
export async function conversationChange(
  client: SdkClient,
  conversationID: string,
  predicate: (c: ConversationItem) => boolean,
  since = 0,
  timeoutMs = 20_000,
): Promise<ConversationItem> {
  const match = (list: ConversationItem[]): ConversationItem | undefined =>
    list.find((c) => c.conversationID === conversationID && predicate(c));
  const event = await Promise.any([
    client.waitFor('OnConversationChanged', (list) => match(list) !== undefined, timeoutMs, since),
    client.waitFor('OnNewConversation', (list) => match(list) !== undefined, timeoutMs, since),
  ]).catch((error: unknown) => {
    throw error instanceof AggregateError ? (error.errors[0] as Error) : error;
  });
  const found = match(event.data);
  if (!found) throw new Error('unreachable: predicate matched');
  return found;
}

/** `a` asks `b` to be friends and `b` accepts; resolves when both SDKs fired OnFriendAdded. */
export async function makeFriends(a: SdkClient, b: SdkClient): Promise<void> {
  const aID = a.options.userID;
  const bID = b.options.userID;
  await a.data('addFriend', { toUserID: bID, reqMsg: `hi, I am ${aID}` });
  await b.waitFor('OnFriendApplicationAdded', (app) => app.fromUserID === aID && app.toUserID === bID);
  await b.data('acceptFriendApplication', { toUserID: aID, handleMsg: 'welcome' });
  await Promise.all([
    a.waitFor('OnFriendAdded', (f) => f.userID === bID),
    b.waitFor('OnFriendAdded', (f) => f.userID === aID),
  ]);
}

/** Content type of plain text messages (MessageType.TextMessage). */
const TEXT = 101;
/** Content type a revoked message is turned into (MessageType.RevokeMessage). */
export const REVOKED = 2101;

export function contentTypeOf(message: MessageItem): number {
  return Number(message.contentType);
}

/** Texts of the plain text messages in `messages`, in order. */
export function textsOf(messages: readonly MessageItem[]): (string | undefined)[] {
  return messages.filter((m) => contentTypeOf(m) === TEXT).map(textOf);
}

/** The conversation's latest message, which the SDK keeps as a JSON string. */
export function latestMessage(c: ConversationItem | undefined): MessageItem | undefined {
  if (!c?.latestMsg) return undefined;
  return JSON.parse(c.latestMsg) as MessageItem;
}

/**
 * The server-assigned seq of a message in `client`'s local store. sendMessage resolves before the seq
 * is known locally; it arrives when the server pushes the message back (or on the next pull).
 */
export async function seqOf(
  client: SdkClient,
  conversationID: string,
  clientMsgID: string,
  timeoutMs = 15_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await history(client, conversationID)).find((m) => m.clientMsgID === clientMsgID);
    if (found && found.seq > 0) return found.seq;
    if (Date.now() > deadline) {
      throw new Error(
        `[${client.label}] ${clientMsgID} has no seq after ${timeoutMs} ms\n${client.diagnostics()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
