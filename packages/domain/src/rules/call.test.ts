import { describe, expect, it } from 'vitest';
import { CallMediaType, CallRole } from '../entities/call';
import {
  callCancelLabelKey,
  calleeOf,
  callPeerOf,
  callRoleOf,
  callTimeoutMs,
  canAnswerCall,
  isCallTimeoutSeconds,
  isSameCall,
} from './call';

const invitation = {
  roomID: 'room1',
  inviterUserID: 'alice',
  inviteeUserIDList: ['bob', 'carol'],
  mediaType: CallMediaType.Video,
};

describe('§6 Call roles', () => {
  it('§6 inviter versus receiver is decided by comparing the own user id with inviterUserID', () => {
    expect(callRoleOf('alice', invitation)).toBe(CallRole.Inviter);
    expect(callRoleOf('bob', invitation)).toBe(CallRole.Receiver);
  });

  it('§3 the first invitee is the callee; the peer depends on the role', () => {
    expect(calleeOf(invitation)).toBe('bob');
    expect(calleeOf({ inviteeUserIDList: [] })).toBeUndefined();
    expect(callPeerOf('alice', invitation)).toBe('bob');
    expect(callPeerOf('bob', invitation)).toBe('alice');
  });

  it('§4 the inviter timeout defaults to 30 s', () => {
    expect(callTimeoutMs({})).toBe(30_000);
    expect(callTimeoutMs({ timeout: 60 })).toBe(60_000);
  });

  it('a configured ring timeout is whole seconds from 5 to 120', () => {
    for (const good of [5, 30, 120]) expect(isCallTimeoutSeconds(good)).toBe(true);
    for (const bad of [4, 121, 30.5, '30', undefined, Number.NaN])
      expect(isCallTimeoutSeconds(bad)).toBe(false);
  });

  it('§6 only the receiver sees the answer button, while waiting', () => {
    expect(canAnswerCall(CallRole.Receiver, true)).toBe(true);
    expect(canAnswerCall(CallRole.Receiver, false)).toBe(false);
    expect(canAnswerCall(CallRole.Inviter, true)).toBe(false);
  });

  it('§2 the cancel label reads Cancel for the inviter and Reject for the receiver', () => {
    expect(callCancelLabelKey(CallRole.Inviter)).toBe('call.cancel');
    expect(callCancelLabelKey(CallRole.Receiver)).toBe('call.reject');
  });

  it('§4 signals of the same room belong to the same call', () => {
    expect(isSameCall(invitation, { roomID: 'room1' })).toBe(true);
    expect(isSameCall(invitation, { roomID: 'room2' })).toBe(false);
  });
});
