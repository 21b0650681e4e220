import { PAGING } from '@teamim/domain';
import type { ContactsGateway } from '../ports/contacts.port';
import type { GroupsGateway } from '../ports/groups.port';
import { attempt } from '../shared/remote-error';

/** A participant's name and avatar as a meeting's view shows them. */
export interface MeetingProfile {
  readonly name: string;
  readonly faceURL: string;
}

/**
 * The names and avatars of the people in meetings, looked up once each and shared by the join's
 * preparation and the meeting view. Looked up while a meeting the user may join is on screen, they are
 * there when the view opens: the SDK's lookup (its wasm on the page's main thread) and the render it
 * causes then stay out of the join, where a fourth participant's first remote frame waited behind them.
 */
export class MeetingProfiles {
  private readonly known = new Map<string, MeetingProfile>();
  private readonly pending = new Map<string, Promise<boolean>>();
  /** The groups whose members were looked up, or are being. */
  private readonly groups = new Set<string>();

  constructor(
    private readonly contacts: Pick<ContactsGateway, 'getUsers'>,
    private readonly groupsGateway: Pick<GroupsGateway, 'getMembersPage'>,
  ) {}

  get(userID: string): MeetingProfile | undefined {
    return this.known.get(userID);
  }

  /**
   * Looks up those of `userIDs` not known yet, each asked for once at a time (a lookup in flight is
   * joined, not repeated). Resolves true once any of them is known, false when the lookup failed (the
   * next call asks again); undefined when all are known already.
   */
  lookUp(userIDs: readonly string[]): Promise<boolean> | undefined {
    const missing = [...new Set(userIDs)].filter((id) => id !== '' && !this.known.has(id));
    if (missing.length === 0) return undefined;
    const ask = missing.filter((id) => !this.pending.has(id));
    if (ask.length > 0) {
      const request = attempt(() => this.contacts.getUsers(ask)).then((found) => {
        for (const id of ask) this.pending.delete(id);
        if (!found.ok) return false;
        for (const user of found.value) {
          this.known.set(user.userID, { name: user.nickname || user.userID, faceURL: user.faceURL });
        }
        // Someone the server does not know keeps the id as the name, and is not asked for again.
        for (const id of ask) if (!this.known.has(id)) this.known.set(id, { name: id, faceURL: '' });
        return true;
      });
      for (const id of ask) this.pending.set(id, request);
    }
    return Promise.all(missing.map((id) => this.pending.get(id) ?? Promise.resolve(true))).then((done) =>
      done.some(Boolean),
    );
  }

  /**
   * Looks up the members of the group a meeting is in, once per group (again after a failure): those
   * who join a group's meeting are its members, named as the group knows them. The first page only,
   * where a meeting's grid is concerned: anyone beyond it is looked up as they arrive.
   */
  async lookUpGroup(groupID: string): Promise<void> {
    if (groupID === '' || this.groups.has(groupID)) return;
    this.groups.add(groupID);
    const page = await attempt(() =>
      this.groupsGateway.getMembersPage(groupID, 0, PAGING.meetingMembersAhead),
    );
    if (!page.ok) {
      this.groups.delete(groupID);
      return;
    }
    for (const member of page.value) {
      if (this.known.has(member.userID)) continue;
      this.known.set(member.userID, { name: member.nickname || member.userID, faceURL: member.faceURL });
    }
  }

  /** The session's end: who was who goes with it. */
  dispose(): void {
    this.known.clear();
    this.pending.clear();
    this.groups.clear();
  }
}
