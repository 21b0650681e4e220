import { imBefriendChatRevokeScenario } from '../im-scenario.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imBefriendChatRevokeScenario(mutantSide('scenario-silent-revoke'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        device.messages.revoke = () => Promise.resolve();
      },
    }),
  ),
);
