import { afterEach, describe, expect, it } from 'vitest';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

interface Found {
  userID: string;
  nickname: string;
  phoneNumber?: string;
  areaCode?: string;
  email: string;
  account: string;
}

const page = { pageNumber: 1, showNumber: 20 };

async function people() {
  h = await createChatHarness();
  const ann = await h.register({ email: 'ann@example.com', nickname: 'Ann' });
  const ben = await h.register({ phone: '13600000002', nickname: 'Ben' });
  const bea = await h.register({ email: 'bea@example.com', nickname: 'Beatrix' });
  return { ann, ben, bea };
}

describe("/user/search/full and /user/search/public (chat v1.8's shapes)", () => {
  it('answers {total, users} of UserFullInfo, matching nickname substrings, ids and whole phone numbers', async () => {
    const { ann, ben, bea } = await people();
    const byName = await h.post<{ total: number; users: Found[] }>(
      '/user/search/full',
      { keyword: 'be', pagination: page, normal: 1 },
      { token: ann.chatToken },
    );
    expect(byName.errCode).toBe(0);
    expect(byName.data!.total).toBe(2);
    expect(byName.data!.users.map((u) => u.userID).sort()).toEqual([ben.userID, bea.userID].sort());
    // Not typed, not a friend: no phone number, no e-mail, and none of this server's own fields.
    const benSeen = byName.data!.users.find((u) => u.userID === ben.userID)!;
    expect(benSeen).toMatchObject({ phoneNumber: '', areaCode: '', email: '', nickname: 'Ben' });
    expect(Object.keys(benSeen)).not.toContain('allowCreateGroup');
    expect(Object.keys(benSeen)).not.toContain('hasPayPassword');

    // The demo client's add-by-phone: it matches the answer's phoneNumber against what it typed.
    const byPhone = await h.post<{ total: number; users: Found[] }>(
      '/user/search/full',
      { keyword: '13600000002', pagination: page },
      { token: ann.chatToken },
    );
    expect(byPhone.data!.users).toEqual([
      expect.objectContaining({ userID: ben.userID, phoneNumber: '13600000002' }),
    ]);
    // A part of a number finds nobody: numbers cannot be enumerated.
    const partial = await h.post<{ total: number }>(
      '/user/search/full',
      { keyword: '1360000', pagination: page },
      { token: ann.chatToken },
    );
    expect(partial.data!.total).toBe(0);
    const byID = await h.post<{ users: Found[] }>(
      '/user/search/full',
      { keyword: bea.userID, pagination: page },
      { token: ann.chatToken },
    );
    expect(byID.data!.users.map((u) => u.userID)).toEqual([bea.userID]);
  });

  it('shows contact details to the user themself and to friends', async () => {
    const { ann, ben } = await people();
    await h.im.addFriendPair(ann.userID, ben.userID);
    const r = await h.post<{ users: Found[] }>(
      '/user/search/full',
      { keyword: 'Ben', pagination: page },
      { token: ann.chatToken },
    );
    expect(r.data!.users[0]).toMatchObject({ phoneNumber: '13600000002' });
    const self = await h.post<{ users: Found[] }>(
      '/user/search/public',
      { keyword: 'ann', pagination: page },
      { token: ann.chatToken },
    );
    // Public search includes the searcher, as chat's does.
    expect(self.data!.users).toEqual([
      {
        userID: ann.userID,
        account: '',
        email: 'ann@example.com',
        nickname: 'Ann',
        faceURL: '',
        gender: 0,
        level: 1,
      },
    ]);
  });

  it('public info carries no phone, and e-mails only when typed in full', async () => {
    const { ann, bea } = await people();
    const r = await h.post<{ users: Found[] }>(
      '/user/search/public',
      { keyword: 'BEA@example.com', pagination: page },
      { token: ann.chatToken },
    );
    expect(r.data!.users).toEqual([
      expect.objectContaining({ userID: bea.userID, email: 'bea@example.com' }),
    ]);
    expect(Object.keys(r.data!.users[0]!)).not.toContain('phoneNumber');
    const byName = await h.post<{ users: Found[] }>(
      '/user/search/public',
      { keyword: 'beat', pagination: page },
      { token: ann.chatToken },
    );
    expect(byName.data!.users[0]?.email).toBe('');
  });

  it("refuses what chat refuses: no pagination, page 0, no token; and pages like chat's FindPage", async () => {
    const { ann } = await people();
    for (const body of [{ keyword: 'a' }, { keyword: 'a', pagination: { pageNumber: 0, showNumber: 10 } }]) {
      expect((await h.post('/user/search/full', body, { token: ann.chatToken })).errCode).toBe(1001);
      expect((await h.post('/user/search/public', body, { token: ann.chatToken })).errCode).toBe(1001);
    }
    expect((await h.post('/user/search/public', { keyword: 'a', pagination: page })).errCode).toBe(1001);
    const second = await h.post<{ total: number; users: Found[] }>(
      '/user/search/public',
      { keyword: '', pagination: { pageNumber: 2, showNumber: 2 } },
      { token: ann.chatToken },
    );
    expect(second.data!.total).toBe(3);
    expect(second.data!.users).toHaveLength(1);
  });
});
