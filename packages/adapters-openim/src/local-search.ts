import type { HistoryPage } from '@teamim/application';
import type { Message } from '@teamim/domain';
import { invoke } from './errors';
import type { OpenImSdk } from './sdk';

/** History page size and the most messages a local search reads per conversation. */
const SEARCH_PAGE = 100;
const SEARCH_SCAN_LIMIT = 2000;
const CONVERSATION_PAGE = 100;
/**
 * A search by type (the call history's, after each sync) reads only the most recently active
 * conversations, and only their newest messages: reading history can make the SDK pull missing pages
 * from the server, and an account with a thousand conversations must not cost a thousand pulls.
 */
const TYPE_SEARCH_CONVERSATIONS = 30;
const TYPE_SEARCH_DEPTH = 200;

type ReadHistory = (conversationID: string, startClientMsgID: string, count: number) => Promise<HistoryPage>;

/**
 * Reads a conversation's local history newest first, page by page, handing each message to `visit`
 * until it answers false, the history ends or SEARCH_SCAN_LIMIT messages have been read.
 */
async function scanNewestFirst(
  read: ReadHistory,
  conversationID: string,
  visit: (message: Message) => boolean,
  limit = SEARCH_SCAN_LIMIT,
): Promise<void> {
  let start = '';
  for (let scanned = 0; scanned < limit;) {
    const page = await read(conversationID, start, SEARCH_PAGE);
    for (const message of [...page.messages].reverse()) {
      if (!visit(message)) return;
    }
    scanned += page.messages.length;
    const oldest = page.messages[0];
    if (page.isEnd || oldest === undefined) return;
    start = oldest.clientMsgID;
  }
}

/** Messages of one conversation whose text, at-text or quote text holds `keyword` (any case), newest first. */
export async function searchText(
  read: ReadHistory,
  conversationID: string,
  keyword: string,
  count: number,
): Promise<readonly Message[]> {
  const needle = keyword.toLowerCase();
  const hits: Message[] = [];
  await scanNewestFirst(read, conversationID, (message) => {
    const text = message.textElem?.content ?? message.atTextElem?.text ?? message.quoteElem?.text ?? '';
    if (text.toLowerCase().includes(needle)) hits.push(message);
    return hits.length < count;
  });
  return hits;
}

interface Listed {
  readonly conversationID: string;
  readonly latestMsgSendTime: number;
}

async function allConversations(sdk: OpenImSdk): Promise<readonly Listed[]> {
  const listed: Listed[] = [];
  for (let offset = 0; ; offset += CONVERSATION_PAGE) {
    const items = await invoke('getConversationListSplit', () =>
      sdk.getConversationListSplit({ offset, count: CONVERSATION_PAGE }),
    );
    for (const item of items ?? []) {
      listed.push({ conversationID: item.conversationID, latestMsgSendTime: item.latestMsgSendTime });
    }
    if ((items ?? []).length < CONVERSATION_PAGE) return listed;
  }
}

/**
 * The newest `count` messages of one content type across all the user's conversations, newest first.
 * Conversations are read from the most recently active; once `count` messages are found, a conversation
 * (or the rest of one) older than the oldest of them is not read at all.
 */
export async function searchByType(
  sdk: OpenImSdk,
  read: ReadHistory,
  contentType: number,
  count: number,
): Promise<readonly Message[]> {
  const conversations = [...(await allConversations(sdk))]
    .sort((a, b) => b.latestMsgSendTime - a.latestMsgSendTime)
    .slice(0, TYPE_SEARCH_CONVERSATIONS);
  const hits: Message[] = [];
  const cutoff = (): number => (hits.length < count ? -Infinity : (hits[count - 1]?.sendTime ?? -Infinity));
  for (const conversation of conversations) {
    if (conversation.latestMsgSendTime < cutoff()) break;
    await scanNewestFirst(
      read,
      conversation.conversationID,
      (message) => {
        if (message.sendTime < cutoff()) return false;
        if (message.contentType === contentType) {
          hits.push(message);
          hits.sort((a, b) => b.sendTime - a.sendTime);
        }
        return true;
      },
      TYPE_SEARCH_DEPTH,
    );
  }
  return hits.slice(0, count);
}
