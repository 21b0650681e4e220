import { describe, expect, it } from 'vitest';
import { RemoteError } from '@teamim/application';
import { OpenImContacts } from './contacts';
import { OpenImDirectory } from './im-api';
import type { OpenImSdk } from './sdk';
import { fakeFetch, signedIn } from './testing/fake-fetch';

const black = (userID: string, nickname = userID) => ({
  ownerUserID: 'u1',
  createTime: 1,
  blackUserInfo: { userID, nickname, faceURL: `https://f/${userID}.png`, ex: '' },
  addSource: 1,
  operatorUserID: 'u1',
  ex: '',
});

describe('OpenImDirectory.blackList', () => {
  it("reads every page of the signed-in user's blacklist from the server, as the SDK asks for it", async () => {
    const first = Array.from({ length: 200 }, (_, i) => black(`b${i}`));
    const { fetch, sent } = fakeFetch((body) => {
      const page = (body as { pagination: { pageNumber: number } }).pagination.pageNumber;
      return {
        json: { errCode: 0, data: { blacks: page === 1 ? first : [black('last', 'Last')], total: 201 } },
      };
    });
    const context = signedIn();
    context.tokenUserID = 'u1';
    const contacts = new OpenImContacts(
      { on: () => undefined, off: () => undefined } as unknown as OpenImSdk,
      new OpenImDirectory('http://h/api', context, fetch),
      context,
    );

    const list = await contacts.getServerBlacklist();

    expect(list).toHaveLength(201);
    expect(list.at(-1)).toEqual({ userID: 'last', nickname: 'Last', faceURL: 'https://f/last.png' });
    expect(sent.map((s) => s.url)).toEqual([
      'http://h/api/friend/get_black_list',
      'http://h/api/friend/get_black_list',
    ]);
    expect(sent.map((s) => s.body)).toEqual([
      { userID: 'u1', pagination: { pageNumber: 1, showNumber: 200 } },
      { userID: 'u1', pagination: { pageNumber: 2, showNumber: 200 } },
    ]);
  });

  it('skips entries without a user, reads no blacks as none, and refuses a malformed list', async () => {
    const odd = fakeFetch(() => ({
      json: { errCode: 0, data: { blacks: [black('b1'), { blackUserInfo: null }, 'junk', black('')] } },
    }));
    expect(await new OpenImDirectory('http://h/api', signedIn(), odd.fetch).blackList('u1')).toEqual([
      { userID: 'b1', nickname: 'b1', faceURL: 'https://f/b1.png' },
    ]);
    const none = fakeFetch(() => ({ json: { errCode: 0, data: { blacks: null, total: 0 } } }));
    expect(await new OpenImDirectory('http://h/api', signedIn(), none.fetch).blackList('u1')).toEqual([]);
    const bad = fakeFetch(() => ({ json: { errCode: 0, data: { blacks: 'nope' } } }));
    const failure = await new OpenImDirectory('http://h/api', signedIn(), bad.fetch)
      .blackList('u1')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RemoteError);
    expect(String(failure)).toMatch(/malformed/);
  });
});
