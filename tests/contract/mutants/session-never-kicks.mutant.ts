import { imSessionContract } from '../im-session.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imSessionContract(mutantSide('session-never-kicks'), () =>
  Promise.resolve(
    fakeImWorld({
      backend: (world) => {
        world.backend.multiLoginPolicy = 'allow-all';
      },
    }),
  ),
);
