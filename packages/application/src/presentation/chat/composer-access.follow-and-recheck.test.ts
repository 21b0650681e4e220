import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '../../testing';
import type { ComposerAccessState } from './composer-access.view-model';

async function team() {
  const world = new TestWorld().users('owner', 'bob', 'alice');
  world.backend.makeFriends('owner', 'bob');
  world.backend.makeFriends('owner', 'alice');
  const owner = await world.signIn('owner');
  const alice = await world.signIn('alice');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['bob', 'alice'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  const groupID = created.value.conversation.groupID;
  for (const client of [owner, alice]) await client.conversations.open(groupID, SessionType.Group);
  await world.settle();
  return { world, owner, alice, groupID, conversationID: created.value.conversation.conversationID };
}

const open: ComposerAccessState = { blocked: undefined, tools: true, redPackets: true };
const muted: ComposerAccessState = {
  blocked: { kind: 'i18n', i18nKey: 'toast.memberMuted' },
  tools: false,
  redPackets: true,
};
const groupMuted: ComposerAccessState = {
  blocked: { kind: 'i18n', i18nKey: 'toast.groupMuted' },
  tools: false,
  redPackets: true,
};

describe('ComposerAccessViewModel: which conversation it follows', () => {
  it('§6 opens while another chat is shown or none, and closes again when the muted group is back', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    await owner.groupActions.mute(groupID, 'alice', 600);
    await world.settle();
    expect(access.state).toEqual(muted);

    await alice.conversations.open('owner', SessionType.Single);
    await world.settle();
    expect(access.state).toEqual(open);

    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();
    expect(access.state).toEqual(muted);

    await alice.conversations.select(undefined);
    await world.settle();
    expect(access.state).toEqual(open);
  });

  it('§6 a composer made while nothing is open is open, and follows the group once it opens', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    await owner.groupActions.mute(groupID, 'alice', 600);
    await alice.conversations.select(undefined);
    await world.settle();
    const access = alice.viewModels.composerAccess(conversationID);
    expect(access.state).toEqual(open);

    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();
    expect(access.state).toEqual(muted);
  });

  it("§6 a one-to-one chat's composer is always open", async () => {
    const { world, alice } = await team();
    const opened = await alice.conversations.open('owner', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    await world.settle();
    const access = alice.viewModels.composerAccess(opened.value.conversationID);
    const seen: ComposerAccessState[] = [];
    const subscription = access.state$.subscribe((s) => seen.push(s));
    await world.advance(60_000);
    subscription.unsubscribe();
    expect(seen).toEqual([open]);
  });
});

describe('ComposerAccessViewModel: the timed re-check of a mute', () => {
  it('§4 when a timed mute runs out during mute-all, the composer stays closed for mute-all', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    await owner.groupActions.mute(groupID, 'alice', 300);
    await owner.groupActions.setMuteAll(groupID, true);
    await world.settle();
    expect(access.state).toEqual(groupMuted);

    await world.advance(301_000);
    expect(access.state).toEqual(groupMuted);
    await owner.groupActions.setMuteAll(groupID, false);
    await world.settle();
    expect(access.state).toEqual(open);
  });

  it('§6 mute-all has no end time: nothing is looked at again while time passes', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    await owner.groupActions.setMuteAll(groupID, true);
    await world.settle();
    const seen: ComposerAccessState[] = [];
    const subscription = access.state$.subscribe((s) => seen.push(s));
    await world.advance(600_000);
    subscription.unsubscribe();
    expect(seen).toEqual([groupMuted]);
  });

  it('§6 a member who may speak is not looked at again while time passes', async () => {
    const { world, alice, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    const seen: ComposerAccessState[] = [];
    const subscription = access.state$.subscribe((s) => seen.push(s));
    await world.advance(600_000);
    subscription.unsubscribe();
    expect(seen).toEqual([open]);
  });

  it('§4 a timed mute is looked at again exactly once, when it runs out', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    await owner.groupActions.mute(groupID, 'alice', 300);
    await world.settle();
    const seen: ComposerAccessState[] = [];
    const subscription = access.state$.subscribe((s) => seen.push(s));
    await world.advance(299_000);
    expect(seen).toEqual([muted]);
    await world.advance(600_000);
    subscription.unsubscribe();
    expect(seen).toEqual([muted, open]);
  });
});
