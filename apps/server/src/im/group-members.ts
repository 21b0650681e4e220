/** Admitting and removing members: the member rows, both version logs and the conversation caps every membership change writes. */
import { type CoreContext, groupConversationID } from './context';
import { type GroupRow, RoleLevel } from './group-models';
import { conversationMaxSeq } from './message-rows';
import { ensureGroupConversation } from './messages';
import {
  bump,
  Collection,
  EntryState,
  type EntryStateValue,
  GROUP_INFO_ID,
  type VersionHead,
} from './versions';

export function bumpMembers(
  ctx: CoreContext,
  groupID: string,
  changes: readonly { eId: string; state: EntryStateValue }[],
): VersionHead {
  return bump(ctx.db, Collection.GroupMembers, groupID, changes);
}

/** Marks the group as changed in each member's joined-groups log, so returning devices refresh it. */
export function touchJoinLogs(
  ctx: CoreContext,
  groupID: string,
  userIDs: readonly string[],
  state: EntryStateValue,
) {
  for (const u of userIDs) bump(ctx.db, Collection.JoinGroups, u, [{ eId: groupID, state }]);
}

/** Leavers keep their conversation record but see nothing after leaving (the reference caps maxSeq). */
export function capLeavers(ctx: CoreContext, groupID: string, userIDs: readonly string[]): void {
  const conversationID = groupConversationID(groupID);
  const { maxSeq } = conversationMaxSeq(ctx.db, conversationID);
  const cap = ctx.db.prepare(
    'UPDATE conversations SET max_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
  );
  for (const u of userIDs) {
    // max_seq 0 means "no cap", so a group without messages yet is capped with -1 ("nothing").
    if (cap.run(maxSeq > 0 ? maxSeq : -1, u, conversationID).changes > 0) {
      bump(ctx.db, Collection.Conversations, u, [{ eId: conversationID, state: EntryState.Update }]);
    }
  }
}

/**
 * Adds members (join log inserts, one member-log version) and (re)opens their conversation records.
 * Returns the member-log head after the change.
 */
export function admit(
  ctx: CoreContext,
  group: GroupRow,
  userIDs: readonly string[],
  m: { operator: string; inviter: string; joinSource: number; roleOf?: (userID: string) => number },
): VersionHead {
  const now = ctx.now();
  const ins = ctx.db.prepare(
    `INSERT INTO group_members (group_id, user_id, role_level, join_time, join_source, operator_user_id, inviter_user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const conversationID = groupConversationID(group.group_id);
  const { maxSeq } = conversationMaxSeq(ctx.db, conversationID);
  const history = ctx.options.groupHistoryForNewMembers !== false;
  for (const u of userIDs) {
    ins.run(group.group_id, u, m.roleOf?.(u) ?? RoleLevel.Member, now, m.joinSource, m.operator, m.inviter);
    touchJoinLogs(ctx, group.group_id, [u], EntryState.Insert);
    const created = ensureGroupConversation(ctx, u, group.group_id);
    // A returning member's record was capped when they left: lift the cap, hide what they missed if configured.
    const res = ctx.db
      .prepare(
        'UPDATE conversations SET max_seq = 0, min_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
      )
      .run(history ? 0 : maxSeq + 1, u, conversationID);
    if (!created && res.changes > 0)
      bump(ctx.db, Collection.Conversations, u, [{ eId: conversationID, state: EntryState.Update }]);
  }
  // The group entry too: memberCount changed, and a device that syncs instead of applying the tip needs it.
  return bumpMembers(ctx, group.group_id, [
    ...userIDs.map((eId) => ({ eId, state: EntryState.Insert })),
    { eId: GROUP_INFO_ID, state: EntryState.Update },
  ]);
}

export function removeMembers(ctx: CoreContext, groupID: string, userIDs: readonly string[]): VersionHead {
  const del = ctx.db.prepare('DELETE FROM group_members WHERE group_id = ? AND user_id = ?');
  for (const u of userIDs) del.run(groupID, u);
  touchJoinLogs(ctx, groupID, userIDs, EntryState.Delete);
  return bumpMembers(ctx, groupID, [
    ...userIDs.map((eId) => ({ eId, state: EntryState.Delete })),
    { eId: GROUP_INFO_ID, state: EntryState.Update },
  ]);
}
