import { BehaviorSubject, type Observable } from 'rxjs';
import type { Group, GroupMember } from '@teamim/domain';
import type { GroupEvent, GroupsGateway } from '../ports/groups.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import { openGroupChange, readOpenGroup } from './open-group-change';

/** Whether the user belongs to the open group: unknown until a read or an event has told. */
type Membership = 'unknown' | 'member' | 'left';

/**
 * Puts the answers of overlapping reads in order. The SDK answers reads in any order, and one made
 * before its sync reached the group answers empty: an answer older than the one shown must not replace it.
 */
class Answers {
  private started = 0;
  private shown = 0;

  /** A read starts: the number its answer carries. */
  start(): number {
    return ++this.started;
  }

  /** Whether the answer of read `read` may be shown (no newer answer is), and it is from now on. */
  show(read: number): boolean {
    if (read < this.shown) return false;
    this.shown = read;
    return true;
  }

  /** Something newer than every read under way is known (an event, another conversation opened). */
  supersede(): void {
    this.shown = ++this.started;
  }
}

/**
 * The open group conversation's info and the user's own membership in it (ConversationStore's part for
 * groups). Spec §4/§6: a user who was removed, quit or whose group was disbanded keeps the chat, read
 * only. The group is published with `inGroup: false` then, `true` while a member, and without the flag
 * while that is not known yet (being read, or during the SDK's first sync, whose member reads come back
 * empty before it has the group's members).
 */
export class OpenGroup {
  private readonly group = new BehaviorSubject<Group | undefined>(undefined);
  private readonly member = new BehaviorSubject<GroupMember | undefined>(undefined);
  private membership: Membership = 'unknown';
  /** Whether the SDK's sync has filled its database once (then an empty own-member read means "left"). */
  private synced = false;
  private readonly groupReads = new Answers();
  private readonly memberReads = new Answers();

  readonly group$: Observable<Group | undefined> = this.group.asObservable();
  readonly member$: Observable<GroupMember | undefined> = this.member.asObservable();

  constructor(
    private readonly groups: GroupsGateway,
    private readonly currentUser: CurrentUser,
    private readonly notifier: Notifier,
    /** The open conversation's group id, '' when none or a single chat is open. */
    private readonly openGroupID: () => string,
  ) {}

  get groupInfo(): Group | undefined {
    return this.group.value;
  }

  get memberInfo(): GroupMember | undefined {
    return this.member.value;
  }

  /** Another conversation opened (or none): nothing is known about it yet. */
  reset(): void {
    this.groupReads.supersede();
    this.memberReads.supersede();
    this.membership = 'unknown';
    this.group.next(undefined);
    this.member.next(undefined);
  }

  /**
   * The SDK's sync has completed: its database holds every joined group's members from now on. What was
   * read of the open group before may have answered empty (the sync had not reached it) and nothing else
   * would read it again: it is read now, and these answers win over any read still under way.
   */
  markSynced(): void {
    this.synced = true;
    const groupID = this.openGroupID();
    if (groupID !== '') void this.refresh(groupID);
  }

  async refresh(groupID: string, serverOnly = false): Promise<void> {
    await Promise.all([this.refreshGroup(groupID), this.refreshOwnMember(groupID, serverOnly)]);
  }

  async refreshOwnMember(groupID: string, serverOnly = false): Promise<void> {
    const read = () => this.groups.getMembers(groupID, [this.currentUser.id()]);
    const number = this.memberReads.start();
    // Only a read made once the SDK had synced tells "left" by an empty answer, whenever it arrives.
    const afterSync = this.synced;
    // Before the SDK has the group its members are not there yet (no error): read again once it has
    // (confirmLocal, markSynced).
    const member = serverOnly ? await attempt(read) : await readOpenGroup(read, this.notifier, 'Member');
    if (!member.ok || this.openGroupID() !== groupID || !this.memberReads.show(number)) return;
    const own = member.value[0];
    if (own !== undefined) this.setMembership('member');
    else if (!serverOnly && afterSync) this.setMembership('left');
    this.member.next(own);
  }

  async onEvent(event: GroupEvent): Promise<void> {
    const groupID = this.openGroupID();
    const change = openGroupChange(event, groupID, this.currentUser.id());
    if (change === 'groupInfo' && event.type === 'groupInfoChanged') this.publishNewer(event.group);
    else if (change === 'refreshOwnMember') await this.refreshOwnMember(groupID);
    else if (change === 'clearOwnMember') {
      this.memberReads.supersede();
      this.member.next(undefined);
      this.setMembership('left');
    } else if (change === 'rejoined' && event.type === 'joinedGroupAdded') {
      this.membership = 'member';
      this.memberReads.supersede();
      this.publishNewer(event.group);
      await this.refreshOwnMember(groupID);
    }
  }

  private async refreshGroup(groupID: string): Promise<void> {
    const number = this.groupReads.start();
    const group = await readOpenGroup(() => this.groups.getGroups([groupID]), this.notifier, 'Info');
    if (!group.ok || this.openGroupID() !== groupID || !this.groupReads.show(number)) return;
    this.publish(group.value[0]);
  }

  /** The group as an event reports it: newer than what any read under way will answer. */
  private publishNewer(group: Group): void {
    this.groupReads.supersede();
    this.publish(group);
  }

  private setMembership(membership: Membership): void {
    if (membership === this.membership) return;
    this.membership = membership;
    const group = this.group.value;
    if (group !== undefined) this.publish(group);
  }

  private publish(group: Group | undefined): void {
    if (group === undefined || this.membership === 'unknown') {
      this.group.next(group);
      return;
    }
    this.group.next({ ...group, inGroup: this.membership === 'member' });
  }
}
