import { randomBytes } from 'node:crypto';
import type { ImFacade, ImResult, ImUser } from '../im-facade';

/** In-memory ImFacade for the chat module's tests: records what the chat module asked of the IM core. */
export class FakeIm implements ImFacade {
  readonly users = new Map<string, ImUser>();
  readonly tokens = new Map<string, { userID: string; platformID: number }>();
  readonly friends = new Set<string>();
  readonly blocks = new Set<string>();
  readonly applications: { fromUserID: string; toUserID: string; reqMsg: string }[] = [];
  readonly groups = new Map<
    string,
    { name: string; owner: string; admins: Set<string>; members: Set<string> }
  >();
  readonly messages: { sendID: string; recvID?: string; groupID?: string; text: string }[] = [];
  readonly forcedLogouts: string[] = [];
  readonly profileUpdates: { userID: string; patch: { nickname?: string; faceURL?: string } }[] = [];

  private pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

  registerUser(user: ImUser): void {
    if (this.users.has(user.userID)) throw new Error(`IM user ${user.userID} exists`);
    this.users.set(user.userID, { ...user });
  }
  getUser(userID: string): ImUser | undefined {
    return this.users.get(userID);
  }
  issueImToken(userID: string, platformID: number): Promise<string> {
    if (!this.users.has(userID)) return Promise.reject(new Error(`no IM user ${userID}`));
    const token = `im.${randomBytes(12).toString('hex')}`;
    this.tokens.set(token, { userID, platformID });
    return Promise.resolve(token);
  }
  verifyImToken(token: string): Promise<string | undefined> {
    return Promise.resolve(this.tokens.get(token)?.userID);
  }
  forceLogout(userID: string): Promise<void> {
    for (const [t, v] of this.tokens) if (v.userID === userID) this.tokens.delete(t);
    this.forcedLogouts.push(userID);
    return Promise.resolve();
  }
  updateUserProfile(userID: string, patch: { nickname?: string; faceURL?: string }): Promise<void> {
    const u = this.users.get(userID);
    if (u) Object.assign(u, patch);
    this.profileUpdates.push({ userID, patch });
    return Promise.resolve();
  }
  areFriends(a: string, b: string): boolean {
    return this.friends.has(this.pair(a, b));
  }
  isBlocked(owner: string, target: string): boolean {
    return this.blocks.has(`${owner}>${target}`);
  }
  applyFriend(req: { fromUserID: string; toUserID: string; reqMsg: string }): Promise<ImResult> {
    if (req.fromUserID === req.toUserID)
      return Promise.resolve({ ok: false, errCode: 1301, errMsg: 'cannot add yourself' });
    if (this.isBlocked(req.toUserID, req.fromUserID))
      return Promise.resolve({ ok: false, errCode: 1302, errMsg: 'blocked by peer' });
    if (this.areFriends(req.fromUserID, req.toUserID))
      return Promise.resolve({ ok: false, errCode: 1304, errMsg: 'already friends' });
    this.applications.push(req);
    return Promise.resolve({ ok: true });
  }
  addFriendPair(a: string, b: string): Promise<void> {
    this.friends.add(this.pair(a, b));
    return Promise.resolve();
  }
  groupExists(groupID: string): boolean {
    return this.groups.has(groupID);
  }
  isGroupMember(groupID: string, userID: string): boolean {
    return this.groups.get(groupID)?.members.has(userID) ?? false;
  }
  createGroup(req: {
    ownerUserID: string;
    groupName: string;
    adminUserIDs: string[];
    memberUserIDs: string[];
  }): Promise<string> {
    const id = `g${this.groups.size + 1}`;
    this.groups.set(id, {
      name: req.groupName,
      owner: req.ownerUserID,
      admins: new Set(req.adminUserIDs),
      members: new Set([req.ownerUserID, ...req.adminUserIDs, ...req.memberUserIDs]),
    });
    return Promise.resolve(id);
  }
  sendTextAsUser(req: { sendID: string; recvID?: string; groupID?: string; text: string }): Promise<void> {
    this.messages.push(req);
    return Promise.resolve();
  }
  /** Test helper: a group with the given members (no owner semantics). */
  addGroup(groupID: string, members: string[]): void {
    this.groups.set(groupID, {
      name: groupID,
      owner: members[0] ?? '',
      admins: new Set(),
      members: new Set(members),
    });
  }
}
