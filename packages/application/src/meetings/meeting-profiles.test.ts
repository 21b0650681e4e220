import { describe, expect, it } from 'vitest';
import { RemoteError } from '../shared/remote-error';
import { PAGING, type GroupMember } from '@teamim/domain';
import type { PublicUser } from '../ports/contacts.port';
import { MeetingProfiles } from './meeting-profiles';

/** A directory of two people whose lookups answer when released, or fail while `failing` is set. */
function directory() {
  const asked: string[][] = [];
  const waiting: (() => void)[] = [];
  const people: Record<string, string> = { bob: 'Bob', carol: '' };
  let failing = false;
  const contacts = {
    getUsers(userIDs: readonly string[]): Promise<readonly PublicUser[]> {
      asked.push([...userIDs]);
      const fail = failing;
      return new Promise((resolve, reject) =>
        waiting.push(() =>
          fail
            ? reject(new RemoteError(-1, 'the lookup timed out'))
            : resolve(
                userIDs
                  .filter((id) => id in people)
                  .map((id) => ({ userID: id, nickname: people[id] ?? '', faceURL: `${id}.png` })),
              ),
        ),
      );
    },
  };
  const pages: { groupID: string; count: number }[] = [];
  const groups = {
    getMembersPage(groupID: string, offset: number, count: number): Promise<readonly GroupMember[]> {
      pages.push({ groupID, count });
      if (failing) return Promise.reject(new RemoteError(-1, 'the lookup timed out'));
      const member = (userID: string, nickname: string) => ({ userID, nickname, faceURL: '' }) as GroupMember;
      return Promise.resolve([member('bob', 'Bobby'), member('erin', '')].slice(offset));
    },
  };
  const release = async (): Promise<void> => {
    for (const answer of waiting.splice(0)) answer();
    await new Promise((r) => setTimeout(r, 0));
  };
  const profiles = new MeetingProfiles(contacts, groups);
  return { profiles, asked, pages, release, fail: (on: boolean) => (failing = on) };
}

describe('MeetingProfiles', () => {
  it('looks each person up once: a lookup in flight is joined, one known is not asked for', async () => {
    const { profiles, asked, release } = directory();
    const first = profiles.lookUp(['bob', 'carol']);
    const second = profiles.lookUp(['carol', 'bob', 'bob']);
    expect(asked).toEqual([['bob', 'carol']]);
    await release();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(profiles.get('bob')).toEqual({ name: 'Bob', faceURL: 'bob.png' });
    // No nickname: the id is the name.
    expect(profiles.get('carol')).toEqual({ name: 'carol', faceURL: 'carol.png' });
    expect(profiles.lookUp(['bob', 'carol'])).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('asks only for those not known or in flight, and keeps the id of someone the server lacks', async () => {
    const { profiles, asked, release } = directory();
    void profiles.lookUp(['bob']);
    const more = profiles.lookUp(['bob', 'dave']);
    expect(asked).toEqual([['bob'], ['dave']]);
    await release();
    expect(await more).toBe(true);
    expect(profiles.get('dave')).toEqual({ name: 'dave', faceURL: '' });
    expect(profiles.lookUp(['dave'])).toBeUndefined();
  });

  it('reports a failed lookup and asks again at the next call', async () => {
    const { profiles, asked, release, fail } = directory();
    fail(true);
    const failed = profiles.lookUp(['bob']);
    await release();
    expect(await failed).toBe(false);
    expect(profiles.get('bob')).toBeUndefined();
    fail(false);
    const again = profiles.lookUp(['bob']);
    await release();
    expect(await again).toBe(true);
    expect(asked).toEqual([['bob'], ['bob']]);
    expect(profiles.get('bob')?.name).toBe('Bob');
  });

  it("names a group's members as the group knows them, once per group, and again after a failure", async () => {
    const { profiles, asked, pages, fail } = directory();
    fail(true);
    await profiles.lookUpGroup('g1');
    expect(profiles.get('bob')).toBeUndefined();
    fail(false);
    await profiles.lookUpGroup('g1');
    await profiles.lookUpGroup('g1');
    expect(pages).toEqual([
      { groupID: 'g1', count: PAGING.meetingMembersAhead },
      { groupID: 'g1', count: PAGING.meetingMembersAhead },
    ]);
    expect(profiles.get('bob')?.name).toBe('Bobby');
    expect(profiles.get('erin')?.name).toBe('erin');
    // Known from the group: not asked for again.
    expect(profiles.lookUp(['bob', 'erin'])).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('forgets everyone with the session', async () => {
    const { profiles, release } = directory();
    void profiles.lookUp(['bob']);
    await release();
    profiles.dispose();
    expect(profiles.get('bob')).toBeUndefined();
  });
});
