import { ChatApi, type BusinessInfoChanges, type UserDetails } from '../ports/chat-api.port';
import type { CallAccessData, SearchedUser } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeImDevice } from './fake-im-device';
import { ImErrorCode } from './fake-im-errors';

/** Chat API over the fake backend (business user info, fuzzy search, room access). */
export class FakeChatApi extends ChatApi {
  constructor(private readonly device: FakeImDevice) {
    super();
  }

  async updateUser(userID: string, changes: BusinessInfoChanges): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    if (userID !== me) {
      throw new RemoteError(ImErrorCode.NoPermission, 'can only update yourself');
    }
    const user = this.device.backend.user(me);
    user.info = { ...user.info, ...changes };
  }

  async findUsers(userIDs: readonly string[]): Promise<readonly UserDetails[]> {
    await Promise.resolve();
    this.device.me();
    return userIDs.flatMap((id) => {
      const info = this.device.backend.users.get(id)?.info;
      return info === undefined ? [] : [info];
    });
  }

  async searchUsers(keyword: string): Promise<readonly SearchedUser[]> {
    await Promise.resolve();
    const me = this.device.me();
    const needle = keyword.toLowerCase();
    return [...this.device.backend.users.values()]
      .map((u) => u.info)
      .filter((u) => u.userID !== me)
      .filter(
        (u) => u.nickname.toLowerCase().includes(needle) || u.phoneNumber === keyword || u.userID === keyword,
      )
      .slice(0, 20)
      .map((u) => ({
        userID: u.userID,
        nickname: u.nickname,
        faceURL: u.faceURL,
        gender: u.gender,
        allowAddFriend: u.allowAddFriend,
      }));
  }

  async getRoomAccess(roomID: string, userID: string): Promise<CallAccessData> {
    await Promise.resolve();
    if (userID !== this.device.me()) {
      throw new RemoteError(ImErrorCode.NoPermission, 'identity mismatch');
    }
    return { serverUrl: this.device.backend.rtc.serverUrl, token: `${roomID}|${userID}` };
  }
}
