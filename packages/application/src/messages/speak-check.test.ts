import { describe, expect, it } from 'vitest';
import { err, ok, permissionError, type Conversation } from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';
import { checkCanSpeak } from './speak-check';

const NOW = 1_768_467_600_000;
const team = { conversationID: 'sg_team', groupID: 'team' } as unknown as Conversation;
const member = (muteEndTime = 0) => ({ roleLevel: 20, muteEndTime });

function conversations(options: {
  open?: Conversation;
  group?: { status: number; inGroup?: boolean };
  member?: { roleLevel: number; muteEndTime: number };
  serverOnly?: boolean;
  memberAfterRefresh?: { roleLevel: number; muteEndTime: number };
}) {
  const refreshes: string[] = [];
  const store = {
    currentGroupInfo: options.group,
    currentConversation: options.open,
    currentMemberInfo: options.member,
    isServerOnly: (id: string) => options.serverOnly === true && id === 'sg_team',
    refreshOwnMember: (groupID: string) => {
      refreshes.push(groupID);
      store.currentMemberInfo = options.memberAfterRefresh;
      return Promise.resolve();
    },
  };
  return { store: store as unknown as ConversationStore, refreshes };
}

describe('spec §6: who may speak in the open group', () => {
  it('allows at once when no conversation is open or its group is not loaded', () => {
    const noneOpen = conversations({ group: { status: 0 } });
    expect(checkCanSpeak(noneOpen.store, team, () => NOW)).toEqual(ok(undefined));
    const noGroup = conversations({ open: team });
    expect(checkCanSpeak(noGroup.store, team, () => NOW)).toEqual(ok(undefined));
  });

  it('allows a group shown from the server’s copy without asking for the own membership', () => {
    const { store, refreshes } = conversations({ open: team, group: { status: 0 }, serverOnly: true });
    expect(checkCanSpeak(store, team, () => NOW)).toEqual(ok(undefined));
    expect(refreshes).toEqual([]);
  });

  it('answers at once, without reading the membership again, for a loaded member', () => {
    const allowed = conversations({ open: team, group: { status: 0 }, member: member() });
    expect(checkCanSpeak(allowed.store, team, () => NOW)).toEqual(ok(undefined));
    const muted = conversations({ open: team, group: { status: 0 }, member: member(NOW + 60_000) });
    expect(checkCanSpeak(muted.store, team, () => NOW)).toEqual(err(permissionError('memberMuted')));
    const left = conversations({ open: team, group: { status: 0, inGroup: false }, member: member() });
    expect(checkCanSpeak(left.store, team, () => NOW)).toEqual(err(permissionError('notInGroup')));
    expect([...allowed.refreshes, ...muted.refreshes, ...left.refreshes]).toEqual([]);
  });

  it('reads the own membership once more before saying the user left the group', async () => {
    const { store, refreshes } = conversations({
      open: team,
      group: { status: 0 },
      memberAfterRefresh: member(),
    });
    expect(await checkCanSpeak(store, team, () => NOW)).toEqual(ok(undefined));
    expect(refreshes).toEqual(['team']);
  });
});
