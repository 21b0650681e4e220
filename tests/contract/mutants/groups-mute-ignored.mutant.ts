import { imGroupsContract } from '../im-groups.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imGroupsContract(mutantSide('groups-mute-ignored'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        device.groups.muteMember = () => Promise.resolve();
      },
    }),
  ),
);
