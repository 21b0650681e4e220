import { describe, expect, it } from 'vitest';
import { PAGING, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

/** Alice, friends with Bob and Carol, in a group "Team" with both, and a one-to-one chat with each. */
async function world() {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  w.backend.makeFriends('alice', 'bob');
  w.backend.makeFriends('alice', 'carol');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  const carol = await w.signIn('carol');
  await alice.contacts.loadFriends();
  const team = value(
    await alice.groupActions.createGroup({ groupName: 'Team', selectedUserIDs: ['bob', 'carol'] }),
  ).conversation;
  await w.settle();
  const withCarol = value(await alice.conversations.open('carol', SessionType.Single));
  const withBob = value(await alice.conversations.open('bob', SessionType.Single));
  await w.settle();
  const message = value(await alice.chat.sendText('pass it on'));
  await w.settle();
  return { world: w, alice, bob, carol, team, withBob, withCarol, message };
}

function singleWith(client: TestClient, peerID: string): string {
  return client.conversations.snapshot.find((c) => c.userID === peerID)?.conversationID ?? '';
}

describe('ForwardDialogViewModel (spec §2, §4, §8 forward)', () => {
  it('lists the conversations, groups marked, nothing selected and nothing to forward yet', async () => {
    const { world: w, alice, team, withBob, withCarol, message } = await world();
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    const rows = [...dialog.state.rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(dialog.state).toEqual({
      query: '',
      rows: dialog.state.rows,
      selectedCount: 0,
      sending: false,
      canForward: false,
    });
    expect(rows).toEqual(
      [
        { id: team.conversationID, name: 'Team', faceURL: team.faceURL, isGroup: true, selected: false },
        { id: withBob.conversationID, name: 'Bob', faceURL: '', isGroup: false, selected: false },
        {
          id: withCarol.conversationID,
          name: 'Carol',
          faceURL: '',
          isGroup: false,
          selected: false,
        },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('searches by name ignoring case and surrounding spaces; selections hidden by the search still count', async () => {
    const { world: w, alice, withBob, withCarol, message } = await world();
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    dialog.toggle(withBob.conversationID);
    dialog.search('  CAR ');
    expect(dialog.state).toEqual({
      query: '  CAR ',
      rows: [
        {
          id: withCarol.conversationID,
          name: 'Carol',
          faceURL: '',
          isGroup: false,
          selected: false,
        },
      ],
      selectedCount: 1,
      sending: false,
      canForward: true,
    });
    dialog.search('nobody');
    expect(dialog.state.rows).toEqual([]);
    expect(dialog.state.selectedCount).toBe(1);
  });

  it('a second toggle deselects; with nothing selected there is nothing to forward', async () => {
    const { world: w, alice, team, withBob, message } = await world();
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    dialog.toggle(team.conversationID);
    dialog.toggle(withBob.conversationID);
    expect(dialog.state.rows.filter((r) => r.selected).map((r) => r.id)).toEqual(
      expect.arrayContaining([team.conversationID, withBob.conversationID]),
    );
    expect([dialog.state.selectedCount, dialog.state.canForward]).toEqual([2, true]);
    dialog.toggle(team.conversationID);
    expect(dialog.state.rows.filter((r) => r.selected).map((r) => r.id)).toEqual([withBob.conversationID]);
    dialog.toggle(withBob.conversationID);
    expect(dialog.state.rows.some((r) => r.selected)).toBe(false);
    expect([dialog.state.selectedCount, dialog.state.canForward]).toEqual([0, false]);
  });

  it('forwards to the selected conversations only, locked while sending, with the summary toast', async () => {
    const { world: w, alice, bob, carol, team, withCarol, message } = await world();
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    dialog.toggle(team.conversationID);
    dialog.toggle(withCarol.conversationID);
    const sending = dialog.forward();
    expect([dialog.state.sending, dialog.state.canForward]).toEqual([true, false]);
    // A change of the selection while sending does not unlock it.
    dialog.toggle(team.conversationID);
    dialog.toggle(team.conversationID);
    expect([dialog.state.sending, dialog.state.canForward]).toEqual([true, false]);
    expect(await sending).toEqual({ ok: true, value: { succeeded: 2, failed: 0 } });
    expect([dialog.state.sending, dialog.state.canForward, dialog.state.selectedCount]).toEqual([
      false,
      true,
      2,
    ]);
    expect(alice.toasts.toasts.at(-1)).toEqual({
      level: 'success',
      key: 'toast.forwardSummary',
      params: { success: 2, failed: 0 },
    });
    await w.settle();

    const texts = async (client: typeof bob, conversationID: string) => {
      const chat = client.viewModels.chat(conversationID);
      await w.settle();
      const shown = client.chat.snapshot.messages.flatMap((m) => (m.textElem ? [m.textElem.content] : []));
      chat.dispose();
      return shown;
    };
    expect(await texts(carol, withCarol.conversationID)).toEqual(['pass it on']);
    expect(await texts(bob, team.conversationID)).toEqual(['pass it on']);
    // Bob's one-to-one chat, not selected, has only the original.
    expect(await texts(bob, singleWith(bob, 'alice'))).toEqual(['pass it on']);
  });

  it('after a send whose selection was emptied meanwhile, there is nothing to forward', async () => {
    const { world: w, alice, withCarol, message } = await world();
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    dialog.toggle(withCarol.conversationID);
    const sending = dialog.forward();
    dialog.toggle(withCarol.conversationID);
    expect((await sending).ok).toBe(true);
    expect(dialog.state).toEqual({
      query: '',
      rows: dialog.state.rows,
      selectedCount: 0,
      sending: false,
      canForward: false,
    });
  });

  it(`offers only the first ${PAGING.forwardConversationList} conversations of the list, also to a search`, async () => {
    const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' });
    const count = PAGING.forwardConversationList + 1;
    for (let i = 0; i < count; i += 1) {
      const userID = `u${String(i).padStart(3, '0')}`;
      w.users({ userID, nickname: `Peer ${userID}` });
      w.backend.conversationRecord('alice', userID, SessionType.Single).latestMsgSendTime = 1000 + i;
    }
    const alice = await w.signIn('alice');
    const listed = alice.conversations.snapshot;
    expect(listed).toHaveLength(count);
    // The dialog reads its message only when forwarding.
    const message = { clientMsgID: 'm' } as Message;
    const dialog = alice.viewModels.forwardDialog(message);
    await w.settle();
    const ids = dialog.state.rows.map((r) => r.id);
    expect(ids).toEqual(listed.slice(0, PAGING.forwardConversationList).map((c) => c.conversationID));
    const left = listed.at(-1)?.showName ?? '';
    dialog.search(left);
    expect(dialog.state.rows).toEqual([]);
  });
});
