import type { GroupItem } from '@openim/wasm-client-sdk';
import { MISSING_ROUTE_CODE, RemoteError } from '@teamim/application';
import type { BlacklistEntry } from '@teamim/domain';
import type { OpenImContext } from './context';
import { SDK_FAILURE_CODE } from './errors';
import type { ServerMsgData } from './server-messages';

/** The subset of `fetch` the directory uses (injectable for tests). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>;

/** A placeholder for a seq without a message, or a message the user deleted (sdkws.MsgData.status). */
const DELETED_STATUS = 4;

/** Go's encoding/json writes `bytes` as standard base64; the content is UTF-8 JSON text. */
function fromBase64(value: string): string {
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return '';
  }
}

/** OpenIM's errs.RecordNotFoundError. */
const RECORD_NOT_FOUND = 1004;

/** The page size the SDK reads the blacklist with. */
const BLACK_PAGE = 200;

let sequence = 0;
/** OpenIM wants an operationID per request; it only has to be unique enough to correlate logs. */
function operationID(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `web-${Date.now().toString(36)}-${sequence.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** One element of `get_sorted_conversation_list`, checked (OpenIM spells `IsPinned`, `LatestMsgRecvTime`). */
export interface SortedConversationElem {
  readonly conversationID: string;
  readonly recvMsgOpt: number;
  readonly unreadCount: number;
  readonly isPinned: boolean;
  readonly msgInfo: {
    readonly serverMsgID: string;
    readonly clientMsgID: string;
    readonly sessionType: number;
    readonly sendID: string;
    readonly recvID: string;
    /** One-to-one: the peer's nickname; group: the sender's. */
    readonly senderName: string;
    /** One-to-one: the peer's avatar. */
    readonly faceURL: string;
    readonly groupID: string;
    readonly groupName: string;
    readonly groupFaceURL: string;
    readonly latestMsgRecvTime: number;
    readonly msgFrom: number;
    readonly contentType: number;
    /** The message content as sent (JSON text; `{"detail": …}` for notifications). */
    readonly content: string;
    readonly ex: string;
  };
}

/**
 * Reads from the OpenIM HTTP API directly, with the session's IM token, for the few lookups the SDK
 * cannot do without side effects. The one in use: group info for groups the user has not joined. The
 * 3.8.3 wasm SDK's `getSpecifiedGroupsInfo` writes such a group into its local joined-groups table, after
 * which the group is listed as joined and, when the user is later let in, the SDK reports a changed group
 * instead of a joined one (OnGroupInfoChanged, not OnJoinedGroupAdded). Also the conversation list's first
 * page while the SDK's first sync after an install still runs (the SDK reports nothing until it ends),
 * and the friend and joined-group IDs that tell whether that sync lost rows.
 */
export class OpenImDirectory {
  constructor(
    private readonly apiAddr: string,
    private readonly context: OpenImContext,
    private readonly fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init),
  ) {}

  /** The user whose IM token the reads carry. */
  get userID(): string {
    return this.context.tokenUserID;
  }

  /**
   * `/friend/get_full_friend_user_ids`: every friend of `userID` on the server, blacklisted ones
   * included. The SDK asks the same after a full friend sync; here it checks the SDK's local copy.
   */
  async fullFriendUserIDs(userID: string): Promise<readonly string[]> {
    return this.idList('/friend/get_full_friend_user_ids', userID, 'userIDs');
  }

  /**
   * `/group/get_full_join_group_ids`: every group `userID` is a member of on the server. The SDK asks
   * the same after a full sync of joined groups; here it checks the SDK's local copy.
   */
  async fullJoinedGroupIDs(userID: string): Promise<readonly string[]> {
    return this.idList('/group/get_full_join_group_ids', userID, 'groupIDs');
  }

  /**
   * `/friend/get_black_list`, every page: the users `userID` has blocked, as the server has them. The SDK
   * reads the same in the background of its first sync and stores it without telling anyone; here it
   * checks the list the client shows.
   */
  async blackList(userID: string): Promise<readonly BlacklistEntry[]> {
    const users: BlacklistEntry[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const data = await this.post('/friend/get_black_list', {
        userID,
        pagination: { pageNumber, showNumber: BLACK_PAGE },
      });
      const blacks = isObject(data) ? data['blacks'] : undefined;
      if (blacks === undefined || blacks === null) return users;
      if (!Array.isArray(blacks)) throw new RemoteError(SDK_FAILURE_CODE, 'get_black_list: malformed answer');
      for (const black of blacks) {
        const user = isObject(black) ? black['blackUserInfo'] : undefined;
        if (!isObject(user) || typeof user['userID'] !== 'string' || user['userID'] === '') continue;
        users.push({
          userID: user['userID'],
          nickname: str(user['nickname']),
          faceURL: str(user['faceURL']),
        });
      }
      if (blacks.length < BLACK_PAGE) return users;
    }
  }

  private async idList(path: string, userID: string, field: string): Promise<readonly string[]> {
    const data = await this.post(path, { userID, idHash: 0 });
    const ids = isObject(data) ? data[field] : undefined;
    if (ids === undefined || ids === null) return [];
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw new RemoteError(SDK_FAILURE_CODE, `${path.slice(1)}: malformed answer`);
    }
    return ids.filter((id) => id !== '');
  }

  /** `/group/get_groups_info`; groups the server does not know are simply absent from the answer. */
  async groupsInfo(groupIDs: readonly string[]): Promise<readonly GroupItem[]> {
    if (groupIDs.length === 0) return [];
    const data = await this.post('/group/get_groups_info', { groupIDs: [...groupIDs] });
    const infos = isObject(data) ? data['groupInfos'] : undefined;
    if (infos === undefined || infos === null) return [];
    if (!Array.isArray(infos)) throw new RemoteError(SDK_FAILURE_CODE, 'get_groups_info: malformed answer');
    return infos.filter(
      (item): item is GroupItem =>
        isObject(item) && typeof item['groupID'] === 'string' && item['groupID'] !== '',
    );
  }

  /**
   * `/conversation/get_sorted_conversation_list` (OpenIM 3.8): the user's first `count` conversations,
   * pinned then newest, each with its newest message and display names. Malformed elements are skipped.
   * open-im-server answers 1004 (record not found) instead of an empty page to a user without any
   * conversation; for this first page that simply means "no conversations".
   */
  async sortedConversations(userID: string, count: number): Promise<readonly SortedConversationElem[]> {
    let data: unknown;
    try {
      data = await this.post('/conversation/get_sorted_conversation_list', {
        userID,
        conversationIDs: [],
        pagination: { pageNumber: 1, showNumber: count },
      });
    } catch (error: unknown) {
      if (error instanceof RemoteError && error.code === RECORD_NOT_FOUND) return [];
      throw error;
    }
    const elems = isObject(data) ? data['conversationElems'] : undefined;
    if (elems === undefined || elems === null) return [];
    if (!Array.isArray(elems)) {
      throw new RemoteError(SDK_FAILURE_CODE, 'get_sorted_conversation_list: malformed answer');
    }
    return elems.flatMap((item: unknown): SortedConversationElem[] => {
      if (!isObject(item) || typeof item['conversationID'] !== 'string' || item['conversationID'] === '') {
        return [];
      }
      const info = isObject(item['msgInfo']) ? item['msgInfo'] : {};
      return [
        {
          conversationID: item['conversationID'],
          recvMsgOpt: num(item['recvMsgOpt']),
          unreadCount: num(item['unreadCount']),
          isPinned: item['IsPinned'] === true,
          msgInfo: {
            serverMsgID: str(info['serverMsgID']),
            clientMsgID: str(info['clientMsgID']),
            sessionType: num(info['sessionType']),
            sendID: str(info['sendID']),
            recvID: str(info['recvID']),
            senderName: str(info['senderName']),
            faceURL: str(info['faceURL']),
            groupID: str(info['groupID']),
            groupName: str(info['groupName']),
            groupFaceURL: str(info['groupFaceURL']),
            latestMsgRecvTime: num(info['LatestMsgRecvTime']),
            msgFrom: num(info['msgFrom']),
            contentType: num(info['contentType']),
            content: str(info['content']),
            ex: str(info['ex']),
          },
        },
      ];
    });
  }

  /**
   * `/msg/pull_msg_by_seq` (OpenIM 3.8) for one conversation: its newest `count` messages, oldest
   * first. The server clips the range to what the user may see and answers the last `num` seqs of it;
   * a conversation the user does not belong to is absent from the answer (no messages). Placeholders of
   * missing or deleted messages (status 4) and malformed elements are left out.
   */
  async newestMessages(
    userID: string,
    conversationID: string,
    count: number,
  ): Promise<readonly ServerMsgData[]> {
    const data = await this.post('/msg/pull_msg_by_seq', {
      userID,
      seqRanges: [{ conversationID, begin: 0, end: Number.MAX_SAFE_INTEGER, num: count }],
      order: 0,
    });
    const all = isObject(data) ? data['msgs'] : undefined;
    const pulled = isObject(all) ? all[conversationID] : undefined;
    if (pulled === undefined || pulled === null) return [];
    const list = isObject(pulled) ? pulled['Msgs'] : undefined;
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) throw new RemoteError(SDK_FAILURE_CODE, 'pull_msg_by_seq: malformed answer');
    return list.flatMap((item: unknown): ServerMsgData[] => {
      if (!isObject(item) || typeof item['clientMsgID'] !== 'string' || item['clientMsgID'] === '') return [];
      if (num(item['status']) === DELETED_STATUS) return [];
      return [
        {
          clientMsgID: item['clientMsgID'],
          serverMsgID: str(item['serverMsgID']),
          sendID: str(item['sendID']),
          recvID: str(item['recvID']),
          groupID: str(item['groupID']),
          senderNickname: str(item['senderNickname']),
          senderFaceURL: str(item['senderFaceURL']),
          sessionType: num(item['sessionType']),
          msgFrom: num(item['msgFrom']),
          contentType: num(item['contentType']),
          content: fromBase64(str(item['content'])),
          seq: num(item['seq']),
          sendTime: num(item['sendTime']),
          createTime: num(item['createTime']),
          status: num(item['status']),
          isRead: item['isRead'] === true,
          ex: str(item['ex']),
        },
      ];
    });
  }

  private async post(path: string, body: unknown): Promise<unknown> {
    const token = this.context.token;
    if (token === '') throw new RemoteError(SDK_FAILURE_CODE, `${path}: not logged in`);
    let answer: unknown;
    try {
      const response = await this.fetchImpl(`${this.apiAddr.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', token, operationID: operationID() },
        body: JSON.stringify(body),
      });
      // A deployment without the path (a gateway or an older server) answers a plain 404.
      if (response.status === 404) throw new RemoteError(MISSING_ROUTE_CODE, `${path}: not found`);
      if (!response.ok) throw new RemoteError(SDK_FAILURE_CODE, `${path}: HTTP ${response.status}`);
      answer = await response.json();
    } catch (cause: unknown) {
      if (cause instanceof RemoteError) throw cause;
      throw new RemoteError(
        SDK_FAILURE_CODE,
        `${path}: ${cause instanceof Error ? cause.message : 'failed'}`,
      );
    }
    if (!isObject(answer) || typeof answer['errCode'] !== 'number') {
      throw new RemoteError(SDK_FAILURE_CODE, `${path}: malformed answer`);
    }
    if (answer['errCode'] !== 0) {
      const message = typeof answer['errMsg'] === 'string' ? answer['errMsg'] : `${path} failed`;
      throw new RemoteError(answer['errCode'], message);
    }
    return answer['data'];
  }
}
