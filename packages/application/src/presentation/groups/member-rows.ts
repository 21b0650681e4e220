import {
  canLookMemberInfo,
  canManageMember,
  canSetAdministrators,
  GroupMemberRole,
  isAdminOrOwner,
  memberBadges,
  type Group,
  type GroupMember,
} from '@teamim/domain';

/** One member as the group drawer shows it: badges and what the current user may do to them (spec §6). */
export interface MemberRow {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly roleLevel: GroupMember['roleLevel'];
  readonly isSelf: boolean;
  readonly owner: boolean;
  readonly admin: boolean;
  readonly muted: boolean;
  /** Mute, unmute and kick: the target must rank strictly lower (owner: anyone else; admin: normal members). */
  readonly canManage: boolean;
  /** Set or unset administrator: the owner, on anyone but themselves. */
  readonly canSetAdmin: boolean;
  /** Whether clicking the member opens their card (a group may hide member info from normal members). */
  readonly canOpenCard: boolean;
}

export interface MemberRowContext {
  readonly self: GroupMember | undefined;
  readonly group: Pick<Group, 'lookMemberInfo'> | undefined;
  readonly nowMs: number;
}

export function memberRow(member: GroupMember, context: MemberRowContext): MemberRow {
  const { self, group, nowMs } = context;
  const badges = memberBadges(member, nowMs);
  const isSelf = self?.userID === member.userID;
  return {
    userID: member.userID,
    name: member.nickname === '' ? member.userID : member.nickname,
    faceURL: member.faceURL,
    roleLevel: member.roleLevel,
    isSelf,
    ...badges,
    canManage: canManageMember(self, member),
    canSetAdmin:
      canSetAdministrators(self?.roleLevel) && !isSelf && member.roleLevel !== GroupMemberRole.Owner,
    // Managers keep seeing cards: they need them to administer the group.
    canOpenCard: isSelf || isAdminOrOwner(self?.roleLevel) || canLookMemberInfo(group),
  };
}

/** Members whose name or id contains `query` (case-insensitive); all of them for a blank query. */
export function filterMembers(rows: readonly MemberRow[], query: string): readonly MemberRow[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter(
    (row) => row.name.toLowerCase().includes(needle) || row.userID.toLowerCase().includes(needle),
  );
}

/** Applies one member event to a loaded list: added at the end, changed in place, deleted removed. */
export function applyMemberChange(
  members: readonly GroupMember[],
  change: 'added' | 'changed' | 'deleted',
  member: GroupMember,
): readonly GroupMember[] {
  const index = members.findIndex((m) => m.userID === member.userID);
  if (change === 'deleted') return index < 0 ? members : members.filter((_, i) => i !== index);
  if (index < 0) return change === 'added' ? [...members, member] : members;
  return members.map((m, i) => (i === index ? member : m));
}
