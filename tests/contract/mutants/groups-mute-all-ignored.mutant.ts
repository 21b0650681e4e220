import { imGroupsContract } from '../im-groups.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imGroupsContract(mutantSide('groups-mute-all-ignored'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        device.groups.setMuteAll = () => Promise.resolve();
      },
    }),
  ),
);
