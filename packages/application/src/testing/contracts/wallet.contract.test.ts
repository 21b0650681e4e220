import { describe, it } from 'vitest';
import { BusinessAllowType } from '@teamim/domain';
import { TestWorld } from '../harness';
import { FakePasswordHasher } from '../fake-password-hasher';
import { FakeWalletApi } from '../fake-wallet-api';
import { FakeImDevice } from '../fake-im-device';
import { walletContract, type WalletContractEnvironment } from './wallet.contract';

function inMemoryEnvironment(): WalletContractEnvironment {
  const world = new TestWorld();
  const devices = new Map<string, FakeImDevice>();
  let next = 0;
  return {
    hasher: new FakePasswordHasher(),
    async createUser(cents) {
      next += 1;
      const userID = `w${next}`;
      const token = world.backend.registerUser({ userID, allowCreateGroup: BusinessAllowType.Allow });
      if (cents > 0) {
        world.backend.wallet.credit(userID, cents, 3, 'top-up');
      }
      const device = new FakeImDevice(world.backend);
      await device.session.login(userID, token);
      devices.set(userID, device);
      return { userID, wallet: new FakeWalletApi(device) };
    },
    async createGroup(members) {
      const [owner, ...rest] = members;
      const device = devices.get(owner?.userID ?? '');
      if (device === undefined) {
        throw new Error('unknown group owner');
      }
      const group = await device.groups.createGroup({
        groupName: 'wallet',
        faceURL: '',
        memberUserIDs: rest.map((m) => m.userID),
      });
      return group.groupID;
    },
  };
}

describe('wallet API contract (in-memory backend)', () => {
  for (const contractCase of walletContract) {
    it(contractCase.name, async () => {
      await contractCase.run(inMemoryEnvironment());
    });
  }
});
