import { describe, expect, it } from 'vitest';
import { MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS } from '../../constants';
import { validationFailure } from '../../testing/builders';
import { planCreateGroup, validateGroupName, validateMuteDuration, validateRequestMessage } from './groups';

const failure = validationFailure;

describe('§5 Group name and create group', () => {
  it('§5 group name is trimmed, required and at most 16 characters', () => {
    expect(validateGroupName('  ')).toEqual(failure('groupName', 'validation.groupName.required'));
    expect(validateGroupName('x'.repeat(17))).toEqual(
      failure('groupName', 'validation.groupName.tooLong', { max: 16 }),
    );
    expect(validateGroupName(' 团队群 ')).toEqual({ ok: true, value: '团队群' });
    // 16 emoji are 16 characters even though each is two UTF-16 units.
    expect(validateGroupName('😀'.repeat(16)).ok).toBe(true);
  });

  it('§5 create group needs a trimmed name and more than one member (create-group-limit)', () => {
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['a', 'b'] })).toEqual(
      failure('groupName', 'validation.groupName.required'),
    );
    expect(planCreateGroup({ groupName: 'Team', selectedUserIDs: [] })).toEqual(
      failure('members', 'validation.createGroup.limit', { min: 2 }),
    );
    expect(planCreateGroup({ groupName: ' Team ', selectedUserIDs: ['a', 'b', 'a'] })).toEqual({
      ok: true,
      value: { kind: 'createGroup', groupName: 'Team', memberUserIDs: ['a', 'b'] },
    });
  });

  it('§4 creating a group with one person selected opens a single chat instead', () => {
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['u1'] })).toEqual({
      ok: true,
      value: { kind: 'openSingleChat', userID: 'u1' },
    });
    // The same person picked twice is still one person.
    expect(planCreateGroup({ groupName: '', selectedUserIDs: ['u1', 'u1'] })).toEqual({
      ok: true,
      value: { kind: 'openSingleChat', userID: 'u1' },
    });
  });
});

describe('§5 Join and friend request messages', () => {
  it('§5 join and friend request messages are at most 50 characters', () => {
    expect(validateRequestMessage('join', 'x'.repeat(50))).toEqual({ ok: true, value: 'x'.repeat(50) });
    expect(validateRequestMessage('join', 'x'.repeat(51))).toEqual(
      failure('joinRequestMessage', 'validation.joinRequest.tooLong', { max: 50 }),
    );
    expect(validateRequestMessage('friend', 'x'.repeat(51))).toEqual(
      failure('friendRequestMessage', 'validation.friendRequest.tooLong', { max: 50 }),
    );
  });
});

describe('§5 Mute durations', () => {
  it('§5 a mute duration must be chosen (select mute duration toast)', () => {
    expect(validateMuteDuration(undefined)).toEqual(
      failure('muteDuration', 'validation.mute.durationRequired'),
    );
    expect(validateMuteDuration(42)).toEqual(failure('muteDuration', 'validation.mute.durationRequired'));
    for (const seconds of [...MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS]) {
      expect(validateMuteDuration(seconds)).toEqual({ ok: true, value: seconds });
    }
  });

  it('each fixed choice and permanent is accepted as itself; values next to them are not', () => {
    for (const seconds of [...MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS]) {
      expect(validateMuteDuration(seconds)).toEqual({ ok: true, value: seconds });
      for (const near of [seconds - 1, seconds + 1]) {
        expect(validateMuteDuration(near)).toEqual(
          failure('muteDuration', 'validation.mute.durationRequired'),
        );
      }
    }
    expect(validateMuteDuration(0)).toEqual(failure('muteDuration', 'validation.mute.durationRequired'));
  });
});

describe('§4 create group: how many distinct people are selected decides', () => {
  it('nobody selected is the create-group limit, whatever the name', () => {
    expect(planCreateGroup({ groupName: 'Team', selectedUserIDs: [] })).toEqual(
      failure('members', 'validation.createGroup.limit', { min: 2 }),
    );
  });

  it('two different people make a group, in the order picked', () => {
    expect(planCreateGroup({ groupName: 'Pair', selectedUserIDs: ['u2', 'u1', 'u2'] })).toEqual({
      ok: true,
      value: { kind: 'createGroup', groupName: 'Pair', memberUserIDs: ['u2', 'u1'] },
    });
  });
});
