import { ChatApi, type BusinessInfoChanges } from '@teamim/application';
import { BusinessAllowType, Gender, type CallAccessData, type SearchedUser } from '@teamim/domain';
import { ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { arrayField, asRecord, invalidResponse, optionalString, stringField } from './parse';

const SEARCH_PATH = '/user/search/fuzzy';
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
