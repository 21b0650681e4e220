import { map, type Observable } from 'rxjs';
import { ContactsGateway, type ContactEvent, type PublicUser } from '@teamim/application';
import type { BlacklistEntry, Friend, FriendApplication } from '@teamim/domain';
import { argumentError, invoke } from './errors';
import { fromSdkEvent, portEvents } from './events';
import type { OpenImDirectory } from './im-api';
import type { OpenImContext } from './context';
import { toBlacklistEntry, toFriend, toFriendApplication, toPublicUser } from './mappers';
import type { OpenImSdk } from './sdk';

function requireID(value: string, what: string): void {
  if (value === '') throw argumentError(`${what} is required`);
}

export class OpenImContacts extends ContactsGateway {
  readonly events$: Observable<ContactEvent>;

  constructor(
    private readonly sdk: OpenImSdk,
    private readonly directory: OpenImDirectory,
    private readonly context: OpenImContext,
  ) {
    super();
    this.events$ = portEvents<ContactEvent>(
      fromSdkEvent(sdk, 'OnFriendAdded').pipe(
        map((e) => ({ type: 'friendAdded', friend: toFriend(e.data) }) as const),
      ),
      fromSdkEvent(sdk, 'OnFriendDeleted').pipe(
        map((e) => ({ type: 'friendDeleted', userID: e.data.userID }) as const),
      ),
      fromSdkEvent(sdk, 'OnFriendInfoChanged').pipe(
        map((e) => ({ type: 'friendInfoChanged', friend: toFriend(e.data) }) as const),
      ),
      fromSdkEvent(sdk, 'OnBlackAdded').pipe(
        map((e) => ({ type: 'blackAdded', entry: toBlacklistEntry(e.data) }) as const),
      ),
      fromSdkEvent(sdk, 'OnBlackDeleted').pipe(
        map((e) => ({ type: 'blackDeleted', userID: e.data.userID }) as const),
      ),
      fromSdkEvent(sdk, 'OnFriendApplicationAdded').pipe(
        map((e) => ({ type: 'friendApplicationAdded', application: toFriendApplication(e.data) }) as const),
      ),
      fromSdkEvent(sdk, 'OnFriendApplicationAccepted').pipe(
        map(
          (e) => ({ type: 'friendApplicationAccepted', application: toFriendApplication(e.data) }) as const,
        ),
      ),
      fromSdkEvent(sdk, 'OnFriendApplicationRejected').pipe(
        map(
          (e) => ({ type: 'friendApplicationRejected', application: toFriendApplication(e.data) }) as const,
        ),
      ),
    );
  }

  async getFriendsPage(offset: number, count: number): Promise<readonly Friend[]> {
    if (offset < 0 || count <= 0) throw argumentError('offset must be >= 0 and count > 0');
    const items = await invoke('getFriendListPage', () =>
      this.sdk.getFriendListPage({ offset, count, filterBlack: true }),
    );
    return (items ?? []).map(toFriend);
  }

  async getServerFriendIDs(): Promise<readonly string[]> {
    return this.directory.fullFriendUserIDs(this.context.tokenUserID);
  }

  async getFriends(userIDs: readonly string[]): Promise<readonly Friend[]> {
    if (userIDs.length === 0) return [];
    // The SDK fetches the friends its database lacks from the server and stores them. Its filterBlack
    // leaves blocked friends in (3.8.3 wasm), so the blacklist is read and applied here.
    const items = await invoke('getSpecifiedFriendsInfo', () =>
      this.sdk.getSpecifiedFriendsInfo({ friendUserIDList: [...userIDs], filterBlack: true }),
    );
    if (items === null || items.length === 0) return [];
    const blocked = new Set((await this.getBlacklist()).map((b) => b.userID));
    return items.map(toFriend).filter((f) => !blocked.has(f.userID));
  }

  async getServerBlacklist(): Promise<readonly BlacklistEntry[]> {
    return this.directory.blackList(this.context.tokenUserID);
  }

  async getBlacklist(): Promise<readonly BlacklistEntry[]> {
    return ((await invoke('getBlackList', () => this.sdk.getBlackList())) ?? []).map(toBlacklistEntry);
  }

  async getReceivedFriendApplications(): Promise<readonly FriendApplication[]> {
    const items = await invoke('getFriendApplicationListAsRecipient', () =>
      this.sdk.getFriendApplicationListAsRecipient(),
    );
    return (items ?? []).map(toFriendApplication);
  }

  async getSentFriendApplications(): Promise<readonly FriendApplication[]> {
    const items = await invoke('getFriendApplicationListAsApplicant', () =>
      this.sdk.getFriendApplicationListAsApplicant(),
    );
    return (items ?? []).map(toFriendApplication);
  }

  async getUsers(userIDs: readonly string[]): Promise<readonly PublicUser[]> {
    if (userIDs.length === 0) return [];
    const items = await invoke('getUsersInfo', () => this.sdk.getUsersInfo([...userIDs]));
    return (items ?? []).map(toPublicUser);
  }

  async searchFriends(keyword: string): Promise<readonly Friend[]> {
    if (keyword.trim() === '') throw argumentError('keyword is empty');
    const items = await invoke('searchFriends', () =>
      this.sdk.searchFriends({
        keywordList: [keyword],
        isSearchUserID: true,
        isSearchNickname: true,
        isSearchRemark: true,
      }),
    );
    return (items ?? []).map(toFriend);
  }

  async addFriend(toUserID: string, reqMsg: string): Promise<void> {
    requireID(toUserID, 'toUserID');
    await invoke('addFriend', () => this.sdk.addFriend({ toUserID, reqMsg }));
  }

  async acceptFriendApplication(fromUserID: string, handleMsg: string): Promise<void> {
    requireID(fromUserID, 'fromUserID');
    await invoke('acceptFriendApplication', () =>
      this.sdk.acceptFriendApplication({ toUserID: fromUserID, handleMsg }),
    );
  }

  async refuseFriendApplication(fromUserID: string, handleMsg: string): Promise<void> {
    requireID(fromUserID, 'fromUserID');
    await invoke('refuseFriendApplication', () =>
      this.sdk.refuseFriendApplication({ toUserID: fromUserID, handleMsg }),
    );
  }

  async deleteFriend(userID: string): Promise<void> {
    requireID(userID, 'userID');
    await invoke('deleteFriend', () => this.sdk.deleteFriend(userID));
  }

  async setFriendRemark(userID: string, remark: string): Promise<void> {
    requireID(userID, 'userID');
    await invoke('updateFriends', () => this.sdk.updateFriends({ friendUserIDs: [userID], remark }));
  }

  async addToBlacklist(userID: string): Promise<void> {
    requireID(userID, 'userID');
    await invoke('addBlack', () => this.sdk.addBlack({ toUserID: userID }));
  }

  async removeFromBlacklist(userID: string): Promise<void> {
    requireID(userID, 'userID');
    await invoke('removeBlack', () => this.sdk.removeBlack(userID));
  }
}
