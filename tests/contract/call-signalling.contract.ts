import type { ReceivedCallSignal } from '@teamim/application';
import {
  CallMediaType,
  ContentType,
  CustomType,
  buildCallSignalData,
  buildRedPacketData,
  singleConversationID,
  type CallInvitation,
} from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, receivedOf, recorder, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';
import type { MessageEvent } from '@teamim/application';

export const CALL_SIGNAL_CASES = {
  roundTrip:
    'an invitation reaches the callee only, with its sender and invitation; the answer reaches the caller',
  types: 'every signal type (accept, reject, cancel, hang up) arrives as sent, in both directions',
  onlineOnly: 'signals are online-only: they leave no message in the conversation history',
  notSignals: 'custom messages that are not call signals (a red packet, malformed data) are not signals',
  group: 'a call payload sent to a group is not a signal for its members',
  badInput: 'sending to nobody or an incomplete invitation is refused with 1001',
} as const;

/**
 * CallSignalling contract: one-to-one call signals as online-only custom messages (customType 200-204),
 * `signals$` only for signals addressed to this user. caller and callee are signed in once (on the real
 * side: two SDK instances); cases run in order.
 */
export function callSignallingContract(side: string, makeWorld: MakeWorld): void {
  describe(`CallSignalling contract: ${side}`, () => {
    let world: ImWorld;
    let caller: SignedIn;
    let callee: SignedIn;
    let rooms = 0;

    function invitation(mediaType: CallInvitation['mediaType'] = CallMediaType.Video): CallInvitation {
      rooms += 1;
      return {
        roomID: `room-${side}-${rooms}`,
        inviterUserID: caller.user.userID,
        inviteeUserIDList: [callee.user.userID],
        mediaType,
        timeout: 30,
      };
    }

    beforeAll(async () => {
      world = await makeWorld();
      caller = await world.signIn('caller');
      callee = await world.signIn('callee');
    });
    afterAll(async () => {
      await world.close();
    });

    it(CALL_SIGNAL_CASES.roundTrip, async () => {
      const atCaller = recorder<ReceivedCallSignal>(caller.callSignalling.signals$);
      const atCallee = recorder<ReceivedCallSignal>(callee.callSignalling.signals$);
      const invite = invitation();
      await caller.callSignalling.send(callee.user.userID, CustomType.CallingInvite, invite);
      await world.eventually(() => {
        expect(atCallee.values).toEqual([
          { type: CustomType.CallingInvite, invitation: invite, fromUserID: caller.user.userID },
        ]);
      });
      await callee.callSignalling.send(caller.user.userID, CustomType.CallingAccept, invite);
      await world.eventually(() => {
        expect(atCaller.values).toEqual([
          { type: CustomType.CallingAccept, invitation: invite, fromUserID: callee.user.userID },
        ]);
      });
      // The accept was sent after the invite arrived, so an echo of the caller's own invite would be here.
      expect(atCallee.values).toHaveLength(1);
      atCaller.stop();
      atCallee.stop();
    });

    it(CALL_SIGNAL_CASES.types, async () => {
      const atCaller = recorder<ReceivedCallSignal>(caller.callSignalling.signals$);
      const atCallee = recorder<ReceivedCallSignal>(callee.callSignalling.signals$);
      const audio = invitation(CallMediaType.Audio);
      const { userID: callerID } = caller.user;
      const { userID: calleeID } = callee.user;
      await callee.callSignalling.send(callerID, CustomType.CallingReject, audio);
      await caller.callSignalling.send(calleeID, CustomType.CallingCancel, audio);
      await caller.callSignalling.send(calleeID, CustomType.CallingHungup, audio);
      await callee.callSignalling.send(callerID, CustomType.CallingHungup, audio);
      await world.eventually(() => {
        expect(atCaller.values.map((s) => [s.type, s.fromUserID])).toEqual([
          [CustomType.CallingReject, calleeID],
          [CustomType.CallingHungup, calleeID],
        ]);
        expect(atCallee.values.map((s) => [s.type, s.fromUserID])).toEqual([
          [CustomType.CallingCancel, callerID],
          [CustomType.CallingHungup, callerID],
        ]);
      });
      expect([...atCaller.values, ...atCallee.values].map((s) => s.invitation)).toEqual([
        audio,
        audio,
        audio,
        audio,
      ]);
      atCaller.stop();
      atCallee.stop();
    });

    it(CALL_SIGNAL_CASES.onlineOnly, async () => {
      const inbox = recorder<MessageEvent>(callee.messages.events$);
      await caller.callSignalling.send(callee.user.userID, CustomType.CallingInvite, invitation());
      const marker = await sendText(caller, callee, 'after the call');
      await world.eventually(() => {
        expect(receivedOf(inbox.values).map((m) => m.clientMsgID)).toContain(marker.clientMsgID);
      });
      inbox.stop();
      const conversationID = singleConversationID(caller.user.userID, callee.user.userID);
      for (const who of [caller, callee]) {
        const history = await who.messages.getHistory(conversationID, '', 50);
        expect(history.messages.map((m) => m.clientMsgID)).toContain(marker.clientMsgID);
        expect(history.messages.filter((m) => m.contentType === ContentType.Custom)).toEqual([]);
      }
    });

    it(CALL_SIGNAL_CASES.notSignals, async () => {
      const atCallee = recorder<ReceivedCallSignal>(callee.callSignalling.signals$);
      const inbox = recorder<MessageEvent>(callee.messages.events$);
      const to = { recvID: callee.user.userID, groupID: '' };
      const datas = [
        buildRedPacketData('packet-1', 'best wishes'),
        JSON.stringify({ customType: CustomType.CallingInvite, invitation: { roomID: '' } }),
        'not json at all',
      ];
      for (const data of datas) {
        const draft = await caller.messages.create({ kind: 'custom', data, description: 'x' });
        await caller.messages.send(draft, to);
      }
      const invite = invitation();
      await caller.callSignalling.send(callee.user.userID, CustomType.CallingInvite, invite);
      await world.eventually(() => {
        expect(receivedOf(inbox.values).filter((m) => m.contentType === ContentType.Custom)).toHaveLength(4);
        expect(atCallee.values).toEqual([
          { type: CustomType.CallingInvite, invitation: invite, fromUserID: caller.user.userID },
        ]);
      });
      atCallee.stop();
      inbox.stop();
    });

    it(CALL_SIGNAL_CASES.group, async () => {
      const group = await caller.groups.createGroup({
        groupName: 'call group',
        faceURL: '',
        memberUserIDs: [callee.user.userID],
      });
      await world.eventually(async () => {
        expect((await callee.groups.getJoinedGroupsPage(0, 20)).map((g) => g.groupID)).toContain(
          group.groupID,
        );
      });
      const atCallee = recorder<ReceivedCallSignal>(callee.callSignalling.signals$);
      const inbox = recorder<MessageEvent>(callee.messages.events$);
      const data = buildCallSignalData(CustomType.CallingInvite, invitation());
      const draft = await caller.messages.create({ kind: 'custom', data, description: 'call' });
      const sent = await caller.messages.send(draft, { recvID: '', groupID: group.groupID });
      await world.eventually(() => {
        expect(receivedOf(inbox.values).map((m) => m.clientMsgID)).toContain(sent.clientMsgID);
      });
      expect(atCallee.values).toEqual([]);
      atCallee.stop();
      inbox.stop();
    });

    it(CALL_SIGNAL_CASES.badInput, async () => {
      expect(await codeOf(caller.callSignalling.send('', CustomType.CallingInvite, invitation()))).toBe(1001);
      const incomplete = { ...invitation(), inviteeUserIDList: [] };
      expect(
        await codeOf(caller.callSignalling.send(callee.user.userID, CustomType.CallingInvite, incomplete)),
      ).toBe(1001);
    });
  });
}
