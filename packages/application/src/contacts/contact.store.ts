import { BehaviorSubject, distinctUntilChanged, map, Subscription, type Observable } from 'rxjs';
import { err, ok, type Result } from '@teamim/domain';
import { isSessionEndingFailure, type BlacklistEntry, type Friend, type Group } from '@teamim/domain';
import type { ContactEvent, ContactsGateway } from '../ports/contacts.port';
import type { GroupsGateway } from '../ports/groups.port';
import type { Logger } from '../ports/logger.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import {
  countUnhandled,
  emptyContactState,
  reduceContactEvent,
  reduceGroupEvent,
  withDetails,
  type ContactState,
} from './contact-reducers';

export {
  emptyContactState,
  reduceContactEvent,
  reduceGroupEvent,
  type ContactState,
} from './contact-reducers';

/** Spec §9: the friend list loads 10000 first, then 1000 per page, until a short page. */
export const FRIEND_FIRST_PAGE = 10_000;
export const FRIEND_NEXT_PAGE = 1_000;
/** Spec §9: group list page. */
export const GROUP_PAGE = 1_000;

/**
 * The contact store: seven lists and two counters, kept up to date by SDK events.
 * All state streams are hot and replay their current value.
 */
export class ContactStore {
  private readonly state = new BehaviorSubject<ContactState>(emptyContactState);
  private readonly subscriptions = new Subscription();

  readonly state$: Observable<ContactState> = this.state.asObservable();
  readonly friendList$ = this.select((s) => s.friendList);
  readonly blackList$ = this.select((s) => s.blackList);
  readonly groupList$ = this.select((s) => s.groupList);
  readonly recvFriendApplicationList$ = this.select((s) => s.recvFriendApplicationList);
  readonly sendFriendApplicationList$ = this.select((s) => s.sendFriendApplicationList);
  readonly recvGroupApplicationList$ = this.select((s) => s.recvGroupApplicationList);
  readonly sendGroupApplicationList$ = this.select((s) => s.sendGroupApplicationList);
  /** The contact badge: unhandled friend plus group applications (spec §2). */
  readonly applicationBadge$ = this.select(
    (s) => s.unHandleFriendApplicationCount + s.unHandleGroupApplicationCount,
  );

  constructor(
    private readonly contacts: ContactsGateway,
    private readonly groups: GroupsGateway,
    private readonly currentUser: CurrentUser,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
  ) {
    this.subscriptions.add(contacts.events$.subscribe((event) => this.apply(event)));
    this.subscriptions.add(
      groups.events$.subscribe((event) => {
        this.state.next(reduceGroupEvent(this.state.value, event, this.currentUser.id()));
      }),
    );
  }

  private apply(event: ContactEvent): void {
    this.state.next(reduceContactEvent(this.state.value, event, this.currentUser.id()));
    if (event.type === 'blackDeleted' && !this.isFriend(event.userID)) {
      // Blocking hides a friend (the friend list filters the blacklist) but keeps the friendship:
      // unblocking must show them again, which only a reload of the list can tell.
      void this.loadFriends();
    }
  }

  get snapshot(): ContactState {
    return this.state.value;
  }

  private select<T>(pick: (s: ContactState) => T): Observable<T> {
    return this.state.pipe(map(pick), distinctUntilChanged());
  }

  private patch(change: Partial<ContactState>): void {
    this.state.next({ ...this.state.value, ...change });
  }

  /** Loads every friend page (10000, then 1000 until a short page). Toasts toast.getFriendListFailed on failure. */
  async loadFriends(): Promise<Result<readonly Friend[], RemoteFailure>> {
    const all: Friend[] = [];
    let count = FRIEND_FIRST_PAGE;
    for (;;) {
      const page = await attempt(() => this.contacts.getFriendsPage(all.length, count));
      if (!page.ok) {
        this.notifier.notify({ level: 'error', key: 'toast.getFriendListFailed' });
        return page;
      }
      all.push(...page.value);
      if (page.value.length < count) {
        break;
      }
      count = FRIEND_NEXT_PAGE;
    }
    const known = new Map(this.state.value.friendList.map((f) => [f.userID, f]));
    // The device's copy may not know a block the list already shows (see reconcileBlacklist).
    const blocked = this.blacklistedIDs();
    const friends = all.filter((f) => !blocked.has(f.userID)).map((f) => withDetails(f, known.get(f.userID)));
    this.patch({ friendList: friends });
    return ok(friends);
  }

  /**
   * Fetches the friends the server has and the list lacks. On a loaded machine the SDK's first sync
   * after an install can lose friend rows (its calls into its database worker give up after 5 s, its
   * fallback inserts then collide with the late ones) and still report the sync finished; the list read
   * after it stays short until the next full sync. Those friends are read by id, which stores them.
   */
  async reconcileFriends(): Promise<void> {
    const ids = await attempt(() => this.contacts.getServerFriendIDs());
    if (!ids.ok) {
      this.logger.warn('checking the friend list failed', { code: ids.error.code });
      return;
    }
    const { friendList, blackList } = this.state.value;
    const listed = new Set([...friendList, ...blackList].map((f) => f.userID));
    const missing = ids.value.filter((id) => !listed.has(id));
    if (missing.length === 0) return;
    const found = await attempt(() => this.contacts.getFriends(missing));
    if (!found.ok) {
      // The same loaded SDK may refuse this too; the next sync checks again.
      this.logger.warn('fetching missing friends failed', { code: found.error.code });
      return;
    }
    // The device's copy may not know a block the list already shows (see reconcileBlacklist).
    const blocked = this.blacklistedIDs();
    const friends = found.value.filter((f) => !blocked.has(f.userID));
    if (friends.length === 0) return;
    this.logger.warn('friends missing after a sync were fetched', { count: friends.length });
    const selfID = this.currentUser.id();
    this.state.next(
      friends.reduce(
        (state, friend) => reduceContactEvent(state, { type: 'friendAdded', friend }, selfID),
        this.state.value,
      ),
    );
  }

  async loadBlacklist(): Promise<Result<readonly BlacklistEntry[], RemoteFailure>> {
    const result = await attempt(() => this.contacts.getBlacklist());
    if (!result.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.getBlackListFailed' });
      return result;
    }
    this.patch({ blackList: result.value });
    return result;
  }

  /**
   * Brings the blacklist in line with the server's. A new device's first sync stores the blacklist only
   * after it reports the sync finished, and reports nothing of it: the list read at sign-in stays empty
   * there, and blocked friends would show as friends. What differs is applied as the events would have
   * been (a block leaves the friend list, an unblock brings the friend back). Only what the list held,
   * or lacked, both before and after the server answered is changed: a block or an unblock made meanwhile
   * is newer than the answer.
   */
  async reconcileBlacklist(): Promise<void> {
    const listedBefore = this.blacklistedIDs();
    const server = await attempt(() => this.contacts.getServerBlacklist());
    if (!server.ok) {
      this.logger.warn('checking the blacklist failed', { code: server.error.code });
      return;
    }
    const listed = this.blacklistedIDs();
    const onServer = new Set(server.value.map((b) => b.userID));
    for (const entry of server.value) {
      const unlisted = !listed.has(entry.userID) && !listedBefore.has(entry.userID);
      if (unlisted) this.apply({ type: 'blackAdded', entry });
    }
    for (const userID of listed) {
      if (listedBefore.has(userID) && !onServer.has(userID)) this.apply({ type: 'blackDeleted', userID });
    }
  }

  private blacklistedIDs(): ReadonlySet<string> {
    return new Set(this.state.value.blackList.map((b) => b.userID));
  }

  /** Loads every joined group, 1000 per page until a short page. */
  async loadGroups(): Promise<Result<readonly Group[], RemoteFailure>> {
    const all: Group[] = [];
    for (;;) {
      const page = await attempt(() => this.groups.getJoinedGroupsPage(all.length, GROUP_PAGE));
      if (!page.ok) {
        this.notifier.notify({ level: 'error', key: 'toast.getGroupListFailed' });
        return page;
      }
      all.push(...page.value);
      if (page.value.length < GROUP_PAGE) {
        break;
      }
    }
    this.patch({ groupList: all });
    return ok(all);
  }

  /**
   * Adds the joined groups the server has and the list lacks: the SDK's first sync can lose joined-group
   * rows the way it loses friends. They are read from the server, not stored in the SDK's table (its
   * store-on-read would turn a join that arrives meanwhile into a changed group, and the SDK then syncs
   * no members for it), so the check finds them again after each sync until the SDK's next full sync.
   */
  async reconcileGroups(): Promise<void> {
    const ids = await attempt(() => this.groups.getServerJoinedGroupIDs());
    if (!ids.ok) {
      this.logger.warn('checking the group list failed', { code: ids.error.code });
      return;
    }
    const listed = new Set(this.state.value.groupList.map((g) => g.groupID));
    const missing = ids.value.filter((id) => !listed.has(id));
    if (missing.length === 0) return;
    const found = await attempt(() => this.groups.getGroups(missing));
    if (!found.ok) {
      this.logger.warn('fetching missing groups failed', { code: found.error.code });
      return;
    }
    if (found.value.length === 0) return;
    this.logger.warn('groups missing after a sync were fetched', { count: found.value.length });
    // As joins: one the SDK reported while these were read is replaced, not listed twice.
    const selfID = this.currentUser.id();
    this.state.next(
      found.value.reduce(
        (state, group) => reduceGroupEvent(state, { type: 'joinedGroupAdded', group }, selfID),
        this.state.value,
      ),
    );
  }

  /** Loads the four application lists. Failures are only logged (spec §8). */
  async loadApplications(): Promise<void> {
    const [recvFriend, sendFriend, recvGroup, sendGroup] = await Promise.all([
      attempt(() => this.contacts.getReceivedFriendApplications()),
      attempt(() => this.contacts.getSentFriendApplications()),
      attempt(() => this.groups.getReceivedGroupApplications()),
      attempt(() => this.groups.getSentGroupApplications()),
    ]);
    const change: { -readonly [K in keyof ContactState]?: ContactState[K] } = {};
    if (recvFriend.ok) {
      change.recvFriendApplicationList = recvFriend.value;
      change.unHandleFriendApplicationCount = countUnhandled(recvFriend.value);
    }
    if (sendFriend.ok) {
      change.sendFriendApplicationList = sendFriend.value;
    }
    if (recvGroup.ok) {
      change.recvGroupApplicationList = recvGroup.value;
      change.unHandleGroupApplicationCount = countUnhandled(recvGroup.value);
    }
    if (sendGroup.ok) {
      change.sendGroupApplicationList = sendGroup.value;
    }
    for (const result of [recvFriend, sendFriend, recvGroup, sendGroup]) {
      if (result.ok) continue;
      // A reload that meets the session's end (a revoked token, a sign-out) is expected, not a defect.
      const code = result.error.code;
      if (isSessionEndingFailure(code)) this.logger.warn('loading applications failed', { code });
      else this.logger.error('loading applications failed', { code });
    }
    this.patch(change);
  }

  /**
   * Applies the caller's own remark change at once: the SDK reports it to the calling device only
   * after its next friend sync (if at all), and the user card must not show the old remark meanwhile.
   */
  applyFriendRemark(userID: string, remark: string): void {
    const list = this.state.value.friendList;
    if (!list.some((f) => f.userID === userID && f.remark !== remark)) {
      return;
    }
    this.patch({ friendList: list.map((f) => (f.userID === userID ? { ...f, remark } : f)) });
  }

  /** Completes a friend's entry with the chat API's contact details (not in the SDK's friend record). */
  applyFriendDetails(details: Pick<Friend, 'userID' | 'gender' | 'birth' | 'phoneNumber' | 'email'>): void {
    const list = this.state.value.friendList;
    if (!list.some((f) => f.userID === details.userID)) {
      return;
    }
    const { userID, gender, birth, phoneNumber, email } = details;
    const extra = {
      ...(gender === undefined ? {} : { gender }),
      ...(birth === undefined ? {} : { birth }),
      ...(phoneNumber === undefined ? {} : { phoneNumber }),
      ...(email === undefined ? {} : { email }),
    };
    this.patch({ friendList: list.map((f) => (f.userID === userID ? { ...f, ...extra } : f)) });
  }

  isFriend(userID: string): boolean {
    return this.state.value.friendList.some((f) => f.userID === userID);
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
  }
}

export { err };
