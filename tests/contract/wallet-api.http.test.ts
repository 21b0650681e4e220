import { HttpDemoWorld, PEOPLE } from './worlds';
import { walletApiContract } from './wallet-api.contract';

// The demo seed gives everyone 1000.00 and bob and carol the pay password 123456, as the contract expects,
// and creates the group "Demo team" with all three.
walletApiContract('HTTP adapter against the local server', async () => {
  const demo = await HttpDemoWorld.start();
  return {
    wallet: (person) => demo.wallet(person),
    userID: (person) => PEOPLE[person].userID,
    groupID: async () => {
      const { server } = demo;
      const joined = await server.api<{ groups: readonly { groupID: string; groupName: string }[] | null }>(
        '/group/get_joined_group_list',
        { fromUserID: PEOPLE.alice.userID, pagination: { pageNumber: 1, showNumber: 100 } },
        await server.adminToken(),
      );
      const team = (joined.groups ?? []).find((g) => g.groupName === 'Demo team');
      if (!team) throw new Error('the demo seed created no "Demo team" group');
      return team.groupID;
    },
    close: () => demo.close(),
  };
});
