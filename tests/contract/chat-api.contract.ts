import { RemoteError, type ChatApi } from '@teamim/application';
import { BusinessAllowType, Gender } from '@teamim/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonName } from './worlds';

/** A backend with the demo people (alice, bob, carol; phones 138000000{1,2,3}) and a chat client each. */
export interface ChatWorld {
  chat(person: PersonName): ChatApi;
  userID(person: PersonName): string;
  phoneNumber(person: PersonName): string;
  /** The media server url the backend hands out with room access. */
  readonly rtcServerUrl: string;
  close(): Promise<void>;
}

/** errCode of an operation on someone else's account (chat-and-wallet-api.md §1). */
const NO_PERMISSION = 1002;

async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    expect(e).toBeInstanceOf(RemoteError);
    return (e as RemoteError).code;
  }
  throw new Error('expected the call to be rejected');
}

/**
 * The ChatApi contract (spec §7 chat API: user search, business info update, room access), run
 * against the in-memory adapter and the HTTP adapter alike.
 */
export function chatApiContract(side: string, makeWorld: () => Promise<ChatWorld>): void {
  describe(`ChatApi contract: ${side}`, () => {
    let world: ChatWorld;
    beforeEach(async () => {
      world = await makeWorld();
    });
    afterEach(async () => {
      await world.close();
    });

    it('finds users by part of the nickname, case-insensitively, with their public fields', async () => {
      const found = await world.chat('alice').searchUsers('BO');
      expect(found).toEqual([
        {
          userID: world.userID('bob'),
          nickname: 'bob',
          faceURL: '',
          gender: Gender.Unknown,
          allowAddFriend: BusinessAllowType.Allow,
        },
      ]);
    });

    it('finds a user by exact phone number and by exact user id', async () => {
      const byPhone = await world.chat('alice').searchUsers(world.phoneNumber('carol'));
      expect(byPhone.map((u) => u.userID)).toEqual([world.userID('carol')]);
      const byID = await world.chat('alice').searchUsers(world.userID('bob'));
      expect(byID.map((u) => u.userID)).toEqual([world.userID('bob')]);
    });

    it('leaves the searcher out of the results', async () => {
      const found = await world.chat('alice').searchUsers('alice');
      expect(found).toEqual([]);
      const everyone = await world.chat('alice').searchUsers(world.userID('alice'));
      expect(everyone).toEqual([]);
    });

    it('finds nobody for a keyword nothing matches', async () => {
      await expect(world.chat('bob').searchUsers('zz-nobody-zz')).resolves.toEqual([]);
    });

    it('updates the own business info, which others then find', async () => {
      await world
        .chat('alice')
        .updateUser(world.userID('alice'), { nickname: 'Alicia', gender: Gender.Female });
      const found = await world.chat('bob').searchUsers('alicia');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        userID: world.userID('alice'),
        nickname: 'Alicia',
        gender: Gender.Female,
      });
    });

    it("refuses to update someone else's info", async () => {
      expect(await codeOf(world.chat('alice').updateUser(world.userID('bob'), { nickname: 'hacked' }))).toBe(
        NO_PERMISSION,
      );
      const found = await world.chat('carol').searchUsers(world.userID('bob'));
      expect(found[0]?.nickname).toBe('bob');
    });

    it('hands out room access for the own identity', async () => {
      const access = await world.chat('alice').getRoomAccess('call-room-1', world.userID('alice'));
      expect(access.serverUrl).toBe(world.rtcServerUrl);
      expect(access.token).not.toBe('');
    });

    it("refuses room access under someone else's identity", async () => {
      expect(await codeOf(world.chat('alice').getRoomAccess('call-room-1', world.userID('bob')))).toBe(
        NO_PERMISSION,
      );
    });
  });
}
