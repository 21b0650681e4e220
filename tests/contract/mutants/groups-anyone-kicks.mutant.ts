import { imGroupsContract } from '../im-groups.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imGroupsContract(mutantSide('groups-anyone-kicks'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        device.groups.kick = async (groupID, userIDs) => {
          await Promise.resolve();
          for (const userID of userIDs) device.backend.removeMember(groupID, userID);
        };
      },
    }),
  ),
);
