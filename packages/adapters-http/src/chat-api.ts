import { ChatApi, type BusinessInfoChanges } from '@teamim/application';
import {
  BusinessAllowType,
  Gender,
  type CallAccessData,
  type SearchedUser,
  type SelfInfo,
} from '@teamim/domain';
import { ChatApiError, ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { arrayField, asRecord, invalidResponse, optionalString, stringField } from './parse';

const SEARCH_PATH = '/user/search/fuzzy';
/** chat v1.8's user search (`{keyword, pagination}` → `{total, users}` of public info). */
export const PUBLIC_SEARCH_PATH = '/user/search/public';
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

function toSearchedUser(raw: unknown, path: string): SearchedUser {
  const u = asRecord(raw, path, 'user');
  return {
    userID: stringField(u, 'userID', path),
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
    // Both exist only on our local server (real chat v1.8 sends neither): absent stays unknown.
    ...(typeof u['hasPayPassword'] === 'boolean' ? { hasPayPassword: u['hasPayPassword'] } : {}),
    allowAddFriend: toAllowType(num('allowAddFriend', BusinessAllowType.Allow)),
    ...(typeof u['allowCreateGroup'] === 'number'
      ? { allowCreateGroup: toAllowType(u['allowCreateGroup']) }
      : {}),
  };
}

/** Where user search goes on deployments other than the local server. */
export interface ChatApiOptions {
  /**
   * A search route to use instead of the local server's `/user/search/fuzzy`, answered like chat
   * v1.8's `/user/search/public`. Without it the adapter tries fuzzy first and falls back to
   * `/user/search/public` when the deployment has no fuzzy route.
   */
  readonly userSearchPath?: string;
  /** The signed-in user, left out of results of routes that do not exclude the searcher. */
  readonly selfUserID?: () => string;
  /**
   * The configured public media-server address; replaces the one a room token comes with (a real
   * chat hands out whatever its own config says, often an address only its cluster can reach).
   */
  readonly livekitUrl?: string;
}

/** {@link ChatApi} over the chat HTTP API (spec §7). Rejects with ChatApiError. */
export class HttpChatApi extends ChatApi {
  /** Set once the deployment answered fuzzy search with a missing route; later searches go straight there. */
  private publicSearchPath: string | undefined;

  constructor(
    private readonly client: ChatHttpClient,
    private readonly options: ChatApiOptions = {},
  ) {
    super();
    this.publicSearchPath = options.userSearchPath;
  }

  async updateUser(userID: string, changes: BusinessInfoChanges): Promise<void> {
    await this.client.post<unknown>('/user/update', { ...changes, userID });
  }

  async searchUsers(keyword: string): Promise<readonly SearchedUser[]> {
    if (this.publicSearchPath !== undefined) return this.searchPublic(this.publicSearchPath, keyword);
    let data: unknown;
    try {
      data = await this.client.post<unknown>(SEARCH_PATH, {
        keyword,
        searchFields: USER_SEARCH_FIELDS,
        pagination: { pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE },
        excludeSelf: true,
      });
    } catch (error: unknown) {
      // Fuzzy search is the local server's; a real chat v1.8 router answers it with a plain-text 404.
      if (!(error instanceof ChatApiError) || !error.isMissingRoute) throw error;
      this.publicSearchPath = PUBLIC_SEARCH_PATH;
      return this.searchPublic(PUBLIC_SEARCH_PATH, keyword);
    }
    return arrayField(asRecord(data, SEARCH_PATH, 'data'), 'users', SEARCH_PATH).map((u) =>
      toSearchedUser(u, SEARCH_PATH),
    );
  }

  /**
   * chat v1.8's search: matches id, account, nickname, phone and e-mail, includes the searcher, and
   * carries no `allowAddFriend` (unknown, so offered; the server still refuses with 20013).
   */
  private async searchPublic(path: string, keyword: string): Promise<readonly SearchedUser[]> {
    const data = await this.client.post<unknown>(path, {
      keyword,
      pagination: { pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE },
    });
    const self = this.options.selfUserID?.() ?? '';
    return arrayField(asRecord(data, path, 'data'), 'users', path)
      .map((u) => toSearchedUser(u, path))
      .filter((u) => u.userID !== self);
  }

  /** Business-side user info (`/user/find/full`): self info's extra fields, a card's contact details. */
  async findUsers(userIDs: readonly string[]): Promise<readonly SelfInfo[]> {
    if (userIDs.length === 0) return [];
    const data = await this.client.post<unknown>(FIND_PATH, { userIDs });
    return arrayField(asRecord(data, FIND_PATH, 'data'), 'users', FIND_PATH).map(toBusinessUser);
  }

  async getRoomAccess(roomID: string, userID: string): Promise<CallAccessData> {
    const data = asRecord(
      await this.client.post<unknown>(RTC_PATH, { room: roomID, identity: userID }),
      RTC_PATH,
      'data',
    );
    const configured = this.options.livekitUrl ?? '';
    const access = {
      serverUrl: configured !== '' ? configured : stringField(data, 'serverUrl', RTC_PATH),
      token: stringField(data, 'token', RTC_PATH),
    };
    if (access.token === '') throw invalidResponse(RTC_PATH, 'empty room token');
    return access;
  }
}

/** Builds the chat API adapter a composition root binds to {@link ChatApi}. */
export function createChatApi(
  config: ChatApiConfig,
  deps: ChatHttpDeps,
  options: ChatApiOptions = {},
): HttpChatApi {
  return new HttpChatApi(new ChatHttpClient(config, deps), options);
}
