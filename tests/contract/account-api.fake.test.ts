import { FakeAccountApi, TestWorld } from '@teamim/application/testing';
import { accountApiContract } from './account-api.contract';
import { DEMO_PASSWORD, PEOPLE } from './worlds';

accountApiContract('in-memory (FakeAccountApi)', () => {
  const world = new TestWorld().accounts(
    ...Object.values(PEOPLE).map((p) => ({ ...p, areaCode: '+86', password: DEMO_PASSWORD })),
  );
  const server = world.backend.accounts;
  return Promise.resolve({
    accounts: new FakeAccountApi(server),
    lastCode: (identifier) => {
      const code = server.lastCode(identifier);
      return code === undefined ? Promise.reject(new Error('no code sent')) : Promise.resolve(code);
    },
    close: () => Promise.resolve(),
  });
});
