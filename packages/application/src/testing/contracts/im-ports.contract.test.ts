import { describe, it } from 'vitest';
import { TestWorld } from '../harness';
import { FakeImDevice } from '../fake-im-device';
import { imPortsContract, type ImContractEnvironment } from './im-ports.contract';

function inMemoryEnvironment(): ImContractEnvironment {
  const world = new TestWorld();
  let next = 0;
  return {
    createUser() {
      next += 1;
      const userID = `user${next}`;
      return Promise.resolve({ userID, token: world.backend.registerUser({ userID }) });
    },
    newClient() {
      const device = new FakeImDevice(world.backend);
      return {
        session: device.session,
        contacts: device.contacts,
        groups: device.groups,
        conversations: device.conversations,
        messages: device.messages,
      };
    },
    settle: () => world.settle(),
  };
}

describe('IM ports contract (in-memory backend)', () => {
  for (const contractCase of imPortsContract) {
    it(contractCase.name, async () => {
      await contractCase.run(inMemoryEnvironment());
    });
  }
});
