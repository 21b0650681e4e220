import { describe, expect, it } from 'vitest';
import type { Group, GroupMember } from '@teamim/domain';
import type { GroupEvent } from '../ports/groups.port';
import { openGroupChange } from './open-group-change';

// Written against the survivors of a mutation run over open-group-change.ts (docs/test-quality.md,
// fourth round, run r2): every event type for the open group, another group, and another member.

const group = (groupID: string): Group => ({ groupID }) as Group;
const member = (groupID: string, userID: string): GroupMember => ({ groupID, userID }) as GroupMember;

describe('openGroupChange', () => {
  const cases: [
    string,
    (id: string) => GroupEvent,
    Exclude<ReturnType<typeof openGroupChange>, undefined>,
  ][] = [
    ['groupInfoChanged', (id) => ({ type: 'groupInfoChanged', group: group(id) }), 'groupInfo'],
    ['joinedGroupAdded', (id) => ({ type: 'joinedGroupAdded', group: group(id) }), 'rejoined'],
    ['groupDismissed', (id) => ({ type: 'groupDismissed', group: group(id) }), 'clearOwnMember'],
    ['joinedGroupDeleted', (id) => ({ type: 'joinedGroupDeleted', group: group(id) }), 'clearOwnMember'],
    ['memberAdded', (id) => ({ type: 'memberAdded', member: member(id, 'me') }), 'refreshOwnMember'],
    [
      'memberInfoChanged',
      (id) => ({ type: 'memberInfoChanged', member: member(id, 'me') }),
      'refreshOwnMember',
    ],
    ['memberDeleted', (id) => ({ type: 'memberDeleted', member: member(id, 'me') }), 'clearOwnMember'],
  ];

  it.each(cases)(
    '%s of the open group is %s; of another group, or with no group open, nothing',
    (_, make, change) => {
      expect(openGroupChange(make('g1'), 'g1', 'me')).toBe(change);
      expect(openGroupChange(make('g2'), 'g1', 'me')).toBeUndefined();
      expect(openGroupChange(make(''), '', 'me')).toBeUndefined();
    },
  );

  it.each(['memberAdded', 'memberInfoChanged', 'memberDeleted'] as const)(
    '%s of another member of the open group, or of the user in another group, changes nothing',
    (type) => {
      expect(openGroupChange({ type, member: member('g1', 'other') }, 'g1', 'me')).toBeUndefined();
      expect(openGroupChange({ type, member: member('g2', 'me') }, 'g1', 'me')).toBeUndefined();
    },
  );

  it('application events change nothing about the open group', () => {
    const application = { groupID: 'g1', userID: 'me' } as never;
    for (const type of [
      'groupApplicationAdded',
      'groupApplicationAccepted',
      'groupApplicationRejected',
    ] as const) {
      expect(openGroupChange({ type, application }, 'g1', 'me')).toBeUndefined();
    }
  });
});
