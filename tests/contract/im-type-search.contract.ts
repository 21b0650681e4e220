import { ContentType, type Message } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

async function sendCustom(from: SignedIn, to: SignedIn, data: string): Promise<Message> {
  const draft = await from.messages.create({ kind: 'custom', data, description: 'record' });
  return from.messages.send(draft, { recvID: to.user.userID, groupID: '' });
}

function isNewestFirst(messages: readonly Message[]): boolean {
  return messages.every((m, i) => i === 0 || (messages[i - 1]?.sendTime ?? 0) >= m.sendTime);
}

/**
 * MessagesGateway's local search by content type, across all of the user's conversations: what the call
 * history reads the call records and meeting cards from. alice is a friend of bob and of carol.
 */
export function imTypeSearchContract(side: string, makeWorld: MakeWorld): void {
  describe(`MessagesGateway search by content type: ${side}`, () => {
    let world: ImWorld;
    let alice: SignedIn;
    let bob: SignedIn;
    let carol: SignedIn;

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.signIn('alice');
      bob = await world.signIn('bob');
      carol = await world.signIn('carol');
      await befriend(world, alice, bob);
      await befriend(world, alice, carol);
    });
    afterAll(async () => {
      await world.close();
    });

    it('custom messages of every conversation are found newest first, and nothing else', async () => {
      const first = await sendCustom(alice, bob, '{"n":1}');
      await sendText(alice, bob, 'not a custom message');
      const second = await sendCustom(alice, carol, '{"n":2}');
      const third = await sendCustom(bob, alice, '{"n":3}');
      const sent = [first, second, third].map((m) => m.clientMsgID);
      const found = await world.eventually(async () => {
        const all = await alice.messages.searchLocalByType(ContentType.Custom, 10);
        expect(all.map((m) => m.clientMsgID).sort()).toEqual([...sent].sort());
        return all;
      });
      expect(found.every((m) => m.contentType === ContentType.Custom)).toBe(true);
      expect(isNewestFirst(found)).toBe(true);
      expect(found.find((m) => m.clientMsgID === third.clientMsgID)?.customElem?.data).toBe('{"n":3}');

      const newest = await alice.messages.searchLocalByType(ContentType.Custom, 2);
      expect(newest.map((m) => m.clientMsgID)).toEqual(found.slice(0, 2).map((m) => m.clientMsgID));
      // Carol's device holds only her conversation with alice.
      const carols = await world.eventually(async () => {
        const hers = await carol.messages.searchLocalByType(ContentType.Custom, 10);
        expect(hers).toHaveLength(1);
        return hers;
      });
      expect(carols[0]?.clientMsgID).toBe(second.clientMsgID);
    }, 60_000);
  });
}
