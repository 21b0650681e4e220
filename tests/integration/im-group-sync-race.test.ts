// A group changed while a device is in the middle of its first sync: the device must end up with the new
// group info. The SDK syncs the joined groups first and their members second, and drops the group info of
// a member answer that says `full`; a tip whose version is not newer than the member log it just stored is
// ignored. So a rename between the two steps stayed invisible until the next login (seen in the e2e suite,
// where bob kept a group's old name for minutes). The gate holds the member sync to hit that window.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversation } from '../support/scenario';
import { createGroup, groupChanged } from '../support/groups';
import { startGate, type Gate } from '../support/gate';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe(
  'a group changed during a device first sync (real SDK against @teamim/server)',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let gate: Gate;
    let harness: SdkHarness;

    beforeAll(async () => {
      server = await startTestServer();
      gate = await startGate(server.apiAddr);
      harness = new SdkHarness(server);
    });
    afterEach(async () => {
      await harness.closeAll();
    });
    afterAll(async () => {
      await gate.close();
      await server.close();
    });

    it('a rename between the joined-groups sync and the member sync reaches the device', async () => {
      const { alice, bob, carol } = uniqueUsers('alice', 'bob', 'carol');
      await server.registerUsers([alice, bob, carol]);
      const a = await harness.loginSynced(alice.userID);
      const groupID = await createGroup(a, 'Before', [bob.userID, carol.userID]);

      const memberSync = gate.hold('/group/get_incremental_group_members_batch');
      const signingIn = harness.login(bob.userID, 5, { apiAddr: gate.apiAddr });
      await memberSync.arrived;
      // bob's device has the joined groups ("Before") and waits for their members.
      await a.data('setGroupInfo', { groupID, groupName: 'After' });
      await groupChanged(a, (g) => g.groupID === groupID && g.groupName === 'After');
      memberSync.release();
      const b = await signingIn;
      await b.synced();

      await expect
        .poll(async () => (await b.data('getSpecifiedGroupsInfo', [groupID]))[0]?.groupName, {
          timeout: 60_000,
        })
        .toBe('After');
      await expect
        .poll(async () => (await conversation(b, `sg_${groupID}`))?.showName, { timeout: 60_000 })
        .toBe('After');
      // The members came with it: all three, as on a sync that was not interrupted.
      const members = await b.data('getGroupMemberList', { groupID, filter: 0, offset: 0, count: 10 });
      expect(members.map((m) => m.userID).sort()).toEqual([alice.userID, bob.userID, carol.userID].sort());
    });
  },
);
