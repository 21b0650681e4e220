import { ChatApi, type BusinessInfoChanges } from '@teamim/application';
import {
  BusinessAllowType,
  Gender,
  type CallAccessData,
  type SearchedUser,
  type SelfInfo,
} from '@teamim/domain';
import { ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { arrayField, asRecord, invalidResponse, optionalString, stringField } from './parse';

const SEARCH_PATH = '/user/search/fuzzy';
const FIND_PATH = '/user/find/full';
const RTC_PATH = '/user/rtc/get_token';

/** Spec §7: fuzzy search over nickname, phone and invitation code, first page of 20, self excluded. */
export const USER_SEARCH_FIELDS = ['nickname', 'phone', 'invitation_code'] as const;
export const USER_SEARCH_PAGE_SIZE = 20;

function toGender(value: number): Gender {
  if (value === Gender.Man) return Gender.Man;
  return value === Gender.Female ? Gender.Female : Gender.Unknown;
}

function toAllowType(value: number): BusinessAllowType {
  return value === BusinessAllowType.NotAllow ? BusinessAllowType.NotAllow : BusinessAllowType.Allow;
}

function toSearchedUser(raw: unknown): SearchedUser {
  const u = asRecord(raw, SEARCH_PATH, 'user');
  return {
    userID: stringField(u, 'userID', SEARCH_PATH),
    nickname: optionalString(u, 'nickname'),
    faceURL: optionalString(u, 'faceURL'),
    gender: toGender(typeof u['gender'] === 'number' ? u['gender'] : 0),
    allowAddFriend: toAllowType(typeof u['allowAddFriend'] === 'number' ? u['allowAddFriend'] : 1),
  };
}

function toBusinessUser(raw: unknown): SelfInfo {
  const u = asRecord(raw, FIND_PATH, 'user');
  const num = (key: string, fallback: number): number => {
    const v = u[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  const areaCode = optionalString(u, 'areaCode');
  return {
    userID: stringField(u, 'userID', FIND_PATH),
    nickname: optionalString(u, 'nickname'),
    faceURL: optionalString(u, 'faceURL'),
    email: optionalString(u, 'email'),
    gender: toGender(num('gender', 0)),
    birth: num('birth', 0),
    phoneNumber: optionalString(u, 'phoneNumber'),
    ...(areaCode === '' ? {} : { areaCode }),
    // Only the caller's own record carries the flag; for anyone else it is unknown, so false.
    hasPayPassword: u['hasPayPassword'] === true,
    allowAddFriend: toAllowType(num('allowAddFriend', BusinessAllowType.Allow)),
    allowCreateGroup: toAllowType(num('allowCreateGroup', BusinessAllowType.Allow)),
  };
}

/** {@link ChatApi} over the chat HTTP API (spec §7). Rejects with ChatApiError. */
export class HttpChatApi extends ChatApi {
  constructor(private readonly client: ChatHttpClient) {
    super();
  }

  async updateUser(userID: string, changes: BusinessInfoChanges): Promise<void> {
    await this.client.post<unknown>('/user/update', { ...changes, userID });
  }

  async searchUsers(keyword: string): Promise<readonly SearchedUser[]> {
    const data = await this.client.post<unknown>(SEARCH_PATH, {
      keyword,
      searchFields: USER_SEARCH_FIELDS,
      pagination: { pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE },
      excludeSelf: true,
    });
    return arrayField(asRecord(data, SEARCH_PATH, 'data'), 'users', SEARCH_PATH).map(toSearchedUser);
  }

  /** Business-side user info (`/user/find/full`): self info's extra fields, a card's contact details. */
  async findUsers(userIDs: readonly string[]): Promise<readonly SelfInfo[]> {
    if (userIDs.length === 0) return [];
    const data = await this.client.post<unknown>(FIND_PATH, { userIDs });
    return arrayField(asRecord(data, FIND_PATH, 'data'), 'users', FIND_PATH).map(toBusinessUser);
  }

  /** Friend request through the chat API (`/friend/add`), which honours `allowAddFriend` (20013). */
  async addFriend(toUserID: string, reqMsg: string): Promise<void> {
    await this.client.post<unknown>('/friend/add', { toUserID, reqMsg });
  }

  async getRoomAccess(roomID: string, userID: string): Promise<CallAccessData> {
    const data = asRecord(
      await this.client.post<unknown>(RTC_PATH, { room: roomID, identity: userID }),
      RTC_PATH,
      'data',
    );
    const access = {
      serverUrl: stringField(data, 'serverUrl', RTC_PATH),
      token: stringField(data, 'token', RTC_PATH),
    };
    if (access.token === '') throw invalidResponse(RTC_PATH, 'empty room token');
    return access;
  }
}

/** Builds the chat API adapter a composition root binds to {@link ChatApi}. */
export function createChatApi(config: ChatApiConfig, deps: ChatHttpDeps): HttpChatApi {
  return new HttpChatApi(new ChatHttpClient(config, deps));
}
