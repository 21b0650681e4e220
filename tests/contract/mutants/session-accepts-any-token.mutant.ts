import { imSessionContract } from '../im-session.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imSessionContract(mutantSide('session-accepts-any-token'), () =>
  Promise.resolve(
    fakeImWorld({
      backend: (world) => {
        world.backend.checkToken = () => undefined;
      },
    }),
  ),
);
