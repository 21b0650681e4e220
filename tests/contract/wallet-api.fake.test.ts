import { FakeDemoWorld, PEOPLE } from './worlds';
import { PAY_PIN, START_BALANCE_CENTS, walletApiContract } from './wallet-api.contract';

walletApiContract('in-memory (FakeWalletApi)', async () => {
  const demo = await FakeDemoWorld.start({ balanceCents: START_BALANCE_CENTS, payPin: PAY_PIN });
  return {
    wallet: (person) => demo.wallet(person),
    userID: (person) => PEOPLE[person].userID,
    groupID: async () => {
      const group = await demo.client('alice').ports.groups.createGroup({
        groupName: 'Demo team',
        faceURL: '',
        memberUserIDs: [PEOPLE.bob.userID, PEOPLE.carol.userID],
      });
      return group.groupID;
    },
    close: () => Promise.resolve(),
  };
});
