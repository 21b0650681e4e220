import type { Observable } from 'rxjs';
import { ContactsGateway, type ContactEvent, type PublicUser } from '../ports/contacts.port';
import {
  ApplicationHandleResult,
  BusinessAllowType,
  type BlacklistEntry,
  type Friend,
  type FriendApplication,
  type SelfInfo,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeBackend } from './fake-backend';
import { later, type GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';

export class FakeContactsGateway extends ContactsGateway {
  readonly events$: Observable<ContactEvent>;
  /**
   * When set, a blacklist change reaches the server but the call fails with this code and no event
   * follows, as the SDK does when its follow-up sync times out on a loaded machine.
   */
  failBlacklistWith: number | undefined;
  /** How many of the next user lookups fail (the SDK busy with its sync, say). */
  failUserLookups = 0;
  /** The user ids of each lookup asked for, in order. */
  readonly userLookups: (readonly string[])[] = [];
  /**
   * Friends this device's copy lacks although the server has them, as after an SDK first sync whose
   * inserts timed out on a loaded machine: the friend list leaves them out until they are fetched by id.
   */
  readonly lostLocally = new Set<string>();
  /** When set, asking the server for the friend ids fails with this code. */
  failServerFriendIDsWith: number | undefined;
  /**
   * While true, the device's copy holds no blacklist although the server has one, as right after a new
   * device's first sync (the SDK stores it after reporting the sync finished): its reads neither list
   * nor leave out the blocked.
   */
  blacklistNotYetStored = false;
  /** When set, asking the server for the blacklist fails with this code. */
  failServerBlacklistWith: number | undefined;

  constructor(private readonly device: GatewayDevice) {
    super();
    this.events$ = device.listen(device.sink.contacts);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  /** The blocked as the device's copy has them. */
  private localBlacklist(me: string): ReadonlySet<string> {
    return this.blacklistNotYetStored ? new Set() : this.b.blacklistOf(me);
  }

  getFriendsPage(offset: number, count: number): Promise<readonly Friend[]> {
    return later(() => {
      const me = this.device.me();
      const black = this.localBlacklist(me);
      return [...this.b.friendsOf(me).keys()]
        .filter((id) => !black.has(id) && !this.lostLocally.has(id))
        .sort()
        .slice(offset, offset + count)
        .map((id) => this.b.friendView(me, id));
    });
  }

  getServerFriendIDs(): Promise<readonly string[]> {
    return later(() => {
      if (this.failServerFriendIDsWith !== undefined) {
        throw new RemoteError(this.failServerFriendIDsWith, 'get_full_friend_user_ids failed');
      }
      return [...this.b.friendsOf(this.device.me()).keys()];
    });
  }

  getFriends(userIDs: readonly string[]): Promise<readonly Friend[]> {
    return later(() => {
      const me = this.device.me();
      const friends = this.b.friendsOf(me);
      const black = this.localBlacklist(me);
      const found = userIDs.filter((id) => friends.has(id) && !black.has(id));
      for (const id of found) this.lostLocally.delete(id);
      return found.map((id) => this.b.friendView(me, id));
    });
  }

  getBlacklist(): Promise<readonly BlacklistEntry[]> {
    return later(() =>
      [...this.localBlacklist(this.device.me())].map((id) => publicUser(this.b.user(id).info)),
    );
  }

  getServerBlacklist(): Promise<readonly BlacklistEntry[]> {
    return later(() => {
      if (this.failServerBlacklistWith !== undefined) {
        throw new RemoteError(this.failServerBlacklistWith, 'get_black_list failed');
      }
      return [...this.b.blacklistOf(this.device.me())].map((id) => publicUser(this.b.user(id).info));
    });
  }

  getReceivedFriendApplications(): Promise<readonly FriendApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.friendApplications.filter((a) => a.toUserID === me);
    });
  }

  getSentFriendApplications(): Promise<readonly FriendApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.friendApplications.filter((a) => a.fromUserID === me);
    });
  }

  getUsers(userIDs: readonly string[]): Promise<readonly PublicUser[]> {
    this.userLookups.push([...userIDs]);
    return later(() => {
      if (this.failUserLookups > 0) {
        this.failUserLookups -= 1;
        throw new RemoteError(-1, 'the lookup timed out');
      }
      return userIDs.filter((id) => this.b.users.has(id)).map((id) => publicUser(this.b.user(id).info));
    });
  }

  searchFriends(keyword: string): Promise<readonly Friend[]> {
    return later(() => {
      const me = this.device.me();
      const needle = keyword.toLowerCase();
      return [...this.b.friendsOf(me).keys()]
        .map((id) => this.b.friendView(me, id))
        .filter(
          (f) =>
            f.nickname.toLowerCase().includes(needle) ||
            f.remark.toLowerCase().includes(needle) ||
            f.userID.toLowerCase().includes(needle),
        );
    });
  }

  addFriend(toUserID: string, reqMsg: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      if (toUserID === me) {
        throw new RemoteError(ImErrorCode.CannotAddYourself, 'cannot add yourself');
      }
      const target = this.b.user(toUserID);
      if (this.b.friendsOf(me).has(toUserID)) {
        throw new RemoteError(ImErrorCode.RelationshipAlready, 'already friends');
      }
      if (target.info.allowAddFriend === BusinessAllowType.NotAllow) {
        throw new RemoteError(ImErrorCode.NoPermission, 'the user does not allow adding friends');
      }
      const application: FriendApplication = {
        fromUserID: me,
        fromNickname: this.b.user(me).info.nickname,
        fromFaceURL: this.b.user(me).info.faceURL,
        toUserID,
        toNickname: target.info.nickname,
        toFaceURL: target.info.faceURL,
        reqMsg,
        handleResult: ApplicationHandleResult.Unprocessed,
        createTime: this.b.clock.now(),
      };
      const index = this.b.friendApplications.findIndex(
        (a) => a.fromUserID === me && a.toUserID === toUserID,
      );
      if (index >= 0) {
        this.b.friendApplications.splice(index, 1, application);
      } else {
        this.b.friendApplications.push(application);
      }
      for (const userID of [me, toUserID]) {
        this.b.push(userID, (s) => s.contacts.next({ type: 'friendApplicationAdded', application }));
      }
    });
  }

  private handle(fromUserID: string, result: ApplicationHandleResult): FriendApplication {
    const me = this.device.me();
    const index = this.b.friendApplications.findIndex(
      (a) =>
        a.fromUserID === fromUserID &&
        a.toUserID === me &&
        a.handleResult === ApplicationHandleResult.Unprocessed,
    );
    const found = this.b.friendApplications[index];
    if (found === undefined) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'friend application not found');
    }
    const application = { ...found, handleResult: result };
    this.b.friendApplications.splice(index, 1, application);
    const type =
      result === ApplicationHandleResult.Agree ? 'friendApplicationAccepted' : 'friendApplicationRejected';
    for (const userID of [me, fromUserID]) {
      this.b.push(userID, (s) => s.contacts.next({ type, application }));
    }
    return application;
  }

  acceptFriendApplication(fromUserID: string): Promise<void> {
    return later(() => {
      this.handle(fromUserID, ApplicationHandleResult.Agree);
      this.b.makeFriends(this.device.me(), fromUserID);
    });
  }

  refuseFriendApplication(fromUserID: string): Promise<void> {
    return later(() => {
      this.handle(fromUserID, ApplicationHandleResult.Reject);
    });
  }

  deleteFriend(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      if (!this.b.friendsOf(me).delete(userID)) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'not a friend');
      }
      this.b.push(me, (s) => s.contacts.next({ type: 'friendDeleted', userID }));
    });
  }

  setFriendRemark(userID: string, remark: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const friends = this.b.friendsOf(me);
      if (!friends.has(userID)) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'not a friend');
      }
      friends.set(userID, remark);
      const friend = this.b.friendView(me, userID);
      this.b.push(me, (s) => s.contacts.next({ type: 'friendInfoChanged', friend }));
    });
  }

  addToBlacklist(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const entry = publicUser(this.b.user(userID).info);
      this.b.blacklistOf(me).add(userID);
      this.failBlacklistCall();
      this.b.push(me, (s) => s.contacts.next({ type: 'blackAdded', entry }));
    });
  }

  /** Idempotent, as the server: removing someone not blocked succeeds and reports nothing. */
  removeFromBlacklist(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const removed = this.b.blacklistOf(me).delete(userID);
      this.failBlacklistCall();
      if (removed) this.b.push(me, (s) => s.contacts.next({ type: 'blackDeleted', userID }));
    });
  }

  private failBlacklistCall(): void {
    if (this.failBlacklistWith !== undefined) {
      throw new RemoteError(this.failBlacklistWith, 'the blacklist sync timed out');
    }
  }
}

function publicUser(info: SelfInfo): PublicUser {
  return { userID: info.userID, nickname: info.nickname, faceURL: info.faceURL };
}
