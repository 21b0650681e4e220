import { describe, expect, it } from 'vitest';
import { SessionType, WALLET_ERROR, type Message } from '@teamim/domain';
import { RedPacketRefusal } from '../../ports/wallet-api.port';
import { RemoteError } from '../../shared/remote-error';
import { TestWorld, type TestClient } from '../../testing';

// Opening a red packet, walked through the wallet API: one request, whose answer the dialog shows.

async function groupWithPacket(count: string): Promise<{
  world: TestWorld;
  bob: TestClient;
  carol: TestClient;
  packet: Message;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  const pin = alice.viewModels.payPassword();
  await pin.setValue('new', '123456');
  await pin.setValue('confirm', '123456');
  const group = await alice.ports.groups.createGroup({
    groupName: 'g',
    faceURL: '',
    memberUserIDs: ['bob', 'carol'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.open(group.groupID, SessionType.Group);
  await carol.conversations.open(group.groupID, SessionType.Group);
  const send = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
  send.setAmount('0.30');
  send.setCount(count);
  expect(send.next().ok).toBe(true);
  expect((await send.setPin('123456'))?.ok).toBe(true);
  await world.settle();
  return { world, bob, carol, packet: bob.chat.snapshot.messages.at(-1)! };
}

/** Counts the wallet API's red-packet requests of one client, by kind. */
function countRequests(client: TestClient): string[] {
  const requests: string[] = [];
  const api = client.ports.walletApi;
  const open = api.openRedPacket.bind(api);
  const detail = api.getRedPacketDetail.bind(api);
  api.openRedPacket = (id) => {
    requests.push(`open ${id}`);
    return open(id);
  };
  api.getRedPacketDetail = (id) => {
    requests.push(`detail ${id}`);
    return detail(id);
  };
  return requests;
}

const packetID = (message: Message): string => {
  const payload = message.customElem?.payload;
  return payload?.kind === 'redPacket' ? payload.data.id : '';
};

describe('Opening a red packet: one request, whose answer the dialog shows', () => {
  it('a claim shows the amount, who received what and how far the packet has gone', async () => {
    const { world, bob, packet } = await groupWithPacket('3');
    const requests = countRequests(bob);
    const dialog = bob.viewModels.redPacketOpen(packet);

    expect((await dialog.open()).ok).toBe(true);
    await world.settle();

    expect(requests).toEqual([`open ${packetID(packet)}`]);
    expect(dialog.state.status).toBe('received');
    expect(dialog.state.amount).toBe('0.10');
    expect(dialog.state.claims?.map((c) => [c.userID, c.amount, c.isMe])).toEqual([['bob', '0.10', true]]);
    expect(dialog.state.progress).toMatchObject({ state: 'active', claimed: 1, num: 3 });
  });

  it('a refusal that says how the packet stands (all taken) shows it from the refusal', async () => {
    const { world, bob, carol, packet } = await groupWithPacket('1');
    expect((await carol.viewModels.redPacketOpen(packet).open()).ok).toBe(true);
    const requests = countRequests(bob);
    const dialog = bob.viewModels.redPacketOpen(packet);

    expect((await dialog.open()).ok).toBe(false);
    await world.settle();

    expect(requests).toEqual([`open ${packetID(packet)}`]);
    expect(dialog.state.status).toBe('allClaimed');
    expect(dialog.state.claims?.map((c) => [c.userID, c.amount])).toEqual([['carol', '0.30']]);
    expect(dialog.state.progress).toMatchObject({ state: 'finished', claimed: 1, num: 1 });
  });

  it('a refusal without the packet shows its outcome alone; an unknown failure never shows a list', async () => {
    const { bob, packet } = await groupWithPacket('3');
    const detail = await bob.ports.walletApi.getRedPacketDetail(packetID(packet));
    const api = bob.ports.walletApi;
    api.openRedPacket = () => Promise.reject(new RemoteError(WALLET_ERROR.redPacketEmpty, 'gone'));
    const taken = bob.viewModels.redPacketOpen(packet);
    expect((await taken.open()).ok).toBe(false);
    expect([taken.state.status, taken.state.claims, taken.state.progress]).toEqual([
      'allClaimed',
      undefined,
      undefined,
    ]);

    api.openRedPacket = () => Promise.reject(new RedPacketRefusal(99_999, 'try later', detail));
    const failed = bob.viewModels.redPacketOpen(packet);
    expect((await failed.open()).ok).toBe(false);
    expect([failed.state.status, failed.state.claims]).toEqual(['failed', undefined]);
  });

  it('the packet is the one its message was mapped to: the data is not read again', async () => {
    const { world, bob, packet } = await groupWithPacket('3');
    const requests = countRequests(bob);
    const custom = packet.customElem!;
    const mapped: Message = { ...packet, customElem: { ...custom, data: '' } };

    expect((await bob.viewModels.redPacketOpen(mapped).open()).ok).toBe(true);
    await world.settle();

    expect(requests).toEqual([`open ${packetID(packet)}`]);
  });
});
