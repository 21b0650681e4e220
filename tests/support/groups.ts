// Helpers of the SDK-driven group scenarios (tests/integration/im-groups*.test.ts).
import { expect } from 'vitest';
import { type MessageItem, SdkCallError, type SdkClient } from './sdk';

/** Creates a working group (type 2) as `owner` and returns its ID once the owner's SDK has it. */
export async function createGroup(
  owner: SdkClient,
  name: string,
  memberUserIDs: string[],
  adminUserIDs: string[] = [],
): Promise<string> {
  const group = await owner.data('createGroup', {
    memberUserIDs,
    adminUserIDs,
    groupInfo: { groupName: name, groupType: 2 },
  });
  expect(group.groupID).not.toBe('');
  return group.groupID;
}

/** The fields of the SDK's GroupItem these scenarios read. */
export interface GroupView {
  groupID: string;
  groupName: string;
  faceURL: string;
  ownerUserID: string;
  status: number;
}

/** OnGroupInfoChanged is missing from the SDK's EventDataMap: its payload is the SDK's GroupItem. */
export function groupChanged(client: SdkClient, predicate: (g: GroupView) => boolean, since = 0) {
  return client.waitFor('OnGroupInfoChanged', (d) => predicate(d as GroupView), 20_000, since);
}

/** The fields of the SDK's GroupMemberItem these scenarios read. */
export interface MemberView {
  groupID: string;
  userID: string;
}

/**
 * Waits until `client` has every one of `userIDs` in its local member list of the group. The SDK announces a
 * new group (OnJoinedGroupAdded) before it syncs the members; a change made in between arrives with that
 * sync, as state rather than as an OnGroupMemberInfoChanged, so scenarios that wait for the callback of a
 * change wait for this first.
 */
export async function membersSynced(client: SdkClient, groupID: string, userIDs: readonly string[]) {
  await expect
    .poll(
      async () => {
        const members = await client.data('getGroupMemberList', {
          groupID,
          filter: 0,
          offset: 0,
          count: 100,
        });
        const local = new Set(members.map((m) => m.userID));
        return userIDs.filter((u) => !local.has(u));
      },
      { timeout: 20_000, interval: 100 },
    )
    .toEqual([]);
}

/** OnGroupMemberAdded is missing from the SDK's EventDataMap: its payload is the SDK's GroupMemberItem. */
export function memberAdded(client: SdkClient, predicate: (m: MemberView) => boolean, since = 0) {
  return client.waitFor('OnGroupMemberAdded', (d) => predicate(d as MemberView), 20_000, since);
}

export async function sendGroupText(from: SdkClient, groupID: string, text: string): Promise<MessageItem> {
  const message = await from.data('createTextMessage', text);
  return from.data('sendMessage', { recvID: '', groupID, message });
}

/** The SDK error code of a failing call. */
export async function errCodeOf(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SdkCallError) return err.errCode;
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** Waits until `client` got a group tip of `contentType` in its group conversation. */
export async function tipArrives(client: SdkClient, groupID: string, contentType: number, since: number) {
  const event = await client.waitFor(
    'OnRecvNewMessages',
    (msgs) => msgs.some((m) => m.groupID === groupID && Number(m.contentType) === contentType),
    20_000,
    since,
  );
  return event.data.find((m) => Number(m.contentType) === contentType);
}
