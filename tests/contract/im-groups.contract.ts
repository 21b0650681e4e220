import type { GroupEvent } from '@teamim/application';
import { GroupMemberRole, SessionType, groupConversationID } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { codeOf, contractCase, recorder, type ImContractOptions, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

export const GROUP_CASES = {
  create: 'creating a group makes the creator owner and the others normal members, who are told',
  roles: 'a normal member may not kick; a muted member may not send until unmuted',
  info: 'renaming is stored and announced; mute-all silences normal members',
  leave: 'a member who quit cannot send (1203); dismissing tells the remaining members',
} as const;

/**
 * GroupsGateway contract: creation and roles, kick permission, member mute, renaming, mute-all, quitting
 * and dismissing. owner and member are signed in once (on the real side: two SDK instances).
 */
export function imGroupsContract(side: string, makeWorld: MakeWorld, options: ImContractOptions = {}): void {
  describe(`GroupsGateway contract: ${side}`, () => {
    let world: ImWorld;
    let owner: SignedIn;
    let member: SignedIn;
    let groupID: string;

    async function memberSends(text: string): Promise<void> {
      const draft = await member.messages.create({ kind: 'text', text });
      await member.messages.send(draft, { recvID: '', groupID });
    }

    beforeAll(async () => {
      world = await makeWorld();
      owner = await world.signIn('owner');
      member = await world.signIn('member');
    });
    afterAll(async () => {
      await world.close();
    });

    contractCase(options, GROUP_CASES.create, async () => {
      const joined = recorder<GroupEvent>(member.groups.events$);
      const group = await owner.groups.createGroup({
        groupName: 'contract team',
        faceURL: '',
        memberUserIDs: [member.user.userID],
      });
      groupID = group.groupID;
      expect(group).toMatchObject({ groupName: 'contract team', ownerUserID: owner.user.userID });
      await world.eventually(async () => {
        expect(joined.values.some((e) => e.type === 'joinedGroupAdded' && e.group.groupID === groupID)).toBe(
          true,
        );
        expect((await member.groups.getJoinedGroupsPage(0, 20)).map((g) => g.groupID)).toEqual([groupID]);
      });
      joined.stop();
      const roles = await owner.groups.getMembers(groupID, [owner.user.userID, member.user.userID]);
      expect(roles.find((m) => m.userID === owner.user.userID)?.roleLevel).toBe(GroupMemberRole.Owner);
      expect(roles.find((m) => m.userID === member.user.userID)?.roleLevel).toBe(GroupMemberRole.Normal);
      expect(await owner.groups.getUsersInGroup(groupID, [member.user.userID, 'nobody'])).toEqual([
        member.user.userID,
      ]);
      const conversation = await owner.conversations.getOneConversation(groupID, SessionType.Group);
      expect(conversation.conversationID).toBe(groupConversationID(groupID));
    });

    contractCase(options, GROUP_CASES.roles, async () => {
      expect(await codeOf(member.groups.kick(groupID, [owner.user.userID]))).toBe(1002);
      await owner.groups.muteMember(groupID, member.user.userID, 600);
      await world.eventually(async () => {
        expect(await codeOf(memberSends('muted?'))).toBe(1402);
      });
      await owner.groups.muteMember(groupID, member.user.userID, 0);
      await world.eventually(() => memberSends('back again'));
    });

    contractCase(options, GROUP_CASES.info, async () => {
      const events = recorder<GroupEvent>(member.groups.events$);
      await owner.groups.setGroupInfo(groupID, { groupName: 'renamed team' });
      await world.eventually(async () => {
        expect(
          events.values.some((e) => e.type === 'groupInfoChanged' && e.group.groupName === 'renamed team'),
        ).toBe(true);
        const [group] = await member.groups.getGroups([groupID]);
        expect(group?.groupName).toBe('renamed team');
      });
      events.stop();
      await owner.groups.setMuteAll(groupID, true);
      await world.eventually(async () => {
        expect(await codeOf(memberSends('all muted?'))).toBe(1403);
      });
      await owner.groups.setMuteAll(groupID, false);
      await world.eventually(() => memberSends('unmuted'));
    });

    contractCase(options, GROUP_CASES.leave, async () => {
      await member.groups.quit(groupID);
      await world.eventually(async () => {
        expect(await codeOf(memberSends('still here?'))).toBe(1203);
      });
      await owner.groups.invite(groupID, [member.user.userID]);
      const events = recorder<GroupEvent>(member.groups.events$);
      await world.eventually(async () => {
        expect((await member.groups.getJoinedGroupsPage(0, 20)).map((g) => g.groupID)).toContain(groupID);
      });
      await owner.groups.dismiss(groupID);
      await world.eventually(() => {
        expect(events.values.some((e) => e.type === 'groupDismissed' && e.group.groupID === groupID)).toBe(
          true,
        );
      });
      events.stop();
    });
  });
}
