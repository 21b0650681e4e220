import type { Subject } from 'rxjs';
import type { ConversationEvent } from '../ports/conversations.port';
import type { ContactEvent } from '../ports/contacts.port';
import type { GroupEvent } from '../ports/groups.port';
import type { MessageEvent } from '../ports/messages.port';
import type { SessionEvent } from '../ports/im-session.port';
import { BusinessAllowType, type Friend, type FriendApplication, type SelfInfo } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { ImErrorCode } from './fake-im-errors';

/** Per-device event sinks the backend pushes into. */
export interface DeviceSink {
  readonly userID: string;
  /** OpenIM platform id of the device (5 web); the multi-login policy compares it. */
  readonly platformID: number;
  /** The token the device logged in with. */
  readonly token: string;
  /** Called when the server ends the device's session (kick, revoked token): the SDK is then logged out. */
  readonly onForcedLogout?: () => void;
  readonly session: Subject<SessionEvent>;
  readonly contacts: Subject<ContactEvent>;
  readonly groups: Subject<GroupEvent>;
  readonly conversations: Subject<ConversationEvent>;
  readonly messages: Subject<MessageEvent>;
}

interface UserRecord {
  info: SelfInfo;
  /** The newest token issued to the user (what a fresh sign-in gets). */
  token: string;
}

/** Why the server no longer accepts a token, as OpenIM's token states. */
type TokenState = 'valid' | 'revoked' | 'kicked';

/**
 * OpenIM's multi-login policies the fake models: `kick-same-platform` (the server's default, policy 1)
 * logs out an older device of the same platform when a login with another token arrives; `allow-all`
 * (policy 0) keeps every device online.
 */
export type FakeMultiLoginPolicy = 'kick-same-platform' | 'allow-all';

export interface FakeUserSeed {
  readonly userID: string;
  readonly nickname?: string;
  readonly phoneNumber?: string;
  readonly email?: string;
  readonly allowCreateGroup?: BusinessAllowType;
  readonly allowAddFriend?: BusinessAllowType;
}

/**
 * The users' side of the FakeBackend: accounts and their tokens, the devices online and the
 * pushes to them, friends and blacklists. Groups, conversations and messages build on it.
 */
export class FakeBackendUsers {
  readonly users = new Map<string, UserRecord>();
  /** userID → friendID → remark */
  readonly friends = new Map<string, Map<string, string>>();
  readonly blacklists = new Map<string, Set<string>>();
  readonly friendApplications: FriendApplication[] = [];
  readonly devices = new Set<DeviceSink>();
  /** What a login does to the user's other devices; the server's default kicks the same platform. */
  multiLoginPolicy: FakeMultiLoginPolicy = 'kick-same-platform';
  /** token → owner and state; a token the map does not know is invalid (1502). */
  private readonly tokens = new Map<string, { readonly userID: string; state: TokenState }>();
  private tokenSerial = 0;

  /** Registers a user and returns its IM token. */
  registerUser(seed: FakeUserSeed): string {
    const token = `token-${seed.userID}`;
    this.tokens.set(token, { userID: seed.userID, state: 'valid' });
    this.users.set(seed.userID, {
      token,
      info: {
        userID: seed.userID,
        nickname: seed.nickname ?? seed.userID,
        faceURL: '',
        email: seed.email ?? '',
        gender: 0,
        birth: 0,
        phoneNumber: seed.phoneNumber ?? '',
        hasPayPassword: false,
        allowAddFriend: seed.allowAddFriend ?? BusinessAllowType.Allow,
        allowCreateGroup: seed.allowCreateGroup ?? BusinessAllowType.Allow,
      },
    });
    return token;
  }

  // ---- tokens and devices --------------------------------------------------------

  /** Issues another valid token for the user (a sign-in elsewhere, /auth/get_user_token); older ones stay valid. */
  issueToken(userID: string): string {
    const user = this.user(userID);
    this.tokenSerial += 1;
    const token = `token-${userID}-${this.tokenSerial}`;
    this.tokens.set(token, { userID, state: 'valid' });
    user.token = token;
    return token;
  }

  /** Throws what the server answers a login with this token: 1502 unknown, 1501 revoked, 1506 kicked. */
  checkToken(userID: string, token: string): void {
    const entry = this.tokens.get(token);
    if (entry === undefined || entry.userID !== userID) {
      throw new RemoteError(ImErrorCode.TokenInvalid, 'token invalid');
    }
    if (entry.state === 'revoked') throw new RemoteError(ImErrorCode.TokenExpired, 'token was revoked');
    if (entry.state === 'kicked') throw new RemoteError(ImErrorCode.TokenKicked, 'token was kicked');
  }

  /**
   * A device comes online. Under `kick-same-platform` every other device of the user on the same platform
   * that logged in with another token is logged out: it gets `kickedOffline`, stops receiving pushes and
   * its token is refused from then on (1506), as OpenIM's gateway does.
   */
  connect(sink: DeviceSink): void {
    if (this.multiLoginPolicy === 'kick-same-platform') {
      for (const other of [...this.devices]) {
        if (other.userID !== sink.userID || other.platformID !== sink.platformID) continue;
        if (other.token === sink.token) continue;
        this.endDevice(other, 'kicked');
      }
    }
    this.devices.add(sink);
  }

  /**
   * The admin revokes the user's tokens (OpenIM /auth/revoke_token): each online device gets
   * `tokenExpired` and no more pushes, the old tokens are refused with 1501, and the next sign-in gets a
   * new token (`user(id).token`).
   */
  revokeToken(userID: string): void {
    for (const entry of this.tokens.values()) {
      if (entry.userID === userID && entry.state === 'valid') entry.state = 'revoked';
    }
    for (const sink of [...this.devices]) {
      if (sink.userID === userID) this.endDevice(sink, 'revoked');
    }
    this.issueToken(userID);
  }

  private endDevice(sink: DeviceSink, state: Exclude<TokenState, 'valid'>): void {
    const entry = this.tokens.get(sink.token);
    if (entry !== undefined) entry.state = state;
    this.devices.delete(sink);
    // Delivered after the current microtask like every push; the device is no longer in `devices`.
    void Promise.resolve().then(() => {
      sink.onForcedLogout?.();
      sink.session.next({ type: state === 'kicked' ? 'kickedOffline' : 'tokenExpired' });
    });
  }

  user(userID: string): UserRecord {
    const user = this.users.get(userID);
    if (user === undefined) {
      throw new RemoteError(ImErrorCode.UserNotFound, `user ${userID} not found`);
    }
    return user;
  }

  // ---- delivery -------------------------------------------------------------

  /** Pushes an event to every device of `userID` after the current microtask. */
  push(userID: string, deliver: (sink: DeviceSink) => void): void {
    const targets = [...this.devices].filter((d) => d.userID === userID);
    void Promise.resolve().then(() => {
      for (const sink of targets) {
        if (this.devices.has(sink)) {
          deliver(sink);
        }
      }
    });
  }

  // ---- friends ---------------------------------------------------------------

  friendsOf(userID: string): Map<string, string> {
    let map = this.friends.get(userID);
    if (map === undefined) {
      map = new Map();
      this.friends.set(userID, map);
    }
    return map;
  }

  blacklistOf(userID: string): Set<string> {
    let set = this.blacklists.get(userID);
    if (set === undefined) {
      set = new Set();
      this.blacklists.set(userID, set);
    }
    return set;
  }

  /** A friend as the SDK's friend record has it: no contact details (those are the chat API's). */
  friendView(ownerID: string, friendID: string): Friend {
    const info = this.user(friendID).info;
    return {
      userID: info.userID,
      nickname: info.nickname,
      faceURL: info.faceURL,
      remark: this.friendsOf(ownerID).get(friendID) ?? '',
    };
  }

  makeFriends(a: string, b: string): void {
    this.friendsOf(a).set(b, '');
    this.friendsOf(b).set(a, '');
    this.push(a, (s) => s.contacts.next({ type: 'friendAdded', friend: this.friendView(a, b) }));
    this.push(b, (s) => s.contacts.next({ type: 'friendAdded', friend: this.friendView(b, a) }));
  }
}
