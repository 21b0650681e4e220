import { buildCallSignalData } from '@teamim/domain';
import { callSignallingContract } from '../call-signalling.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

callSignallingContract(mutantSide('calls-stored'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        device.signalling.send = async (toUserID, type, invitation) => {
          const data = buildCallSignalData(type, invitation);
          const message = await device.messages.create({ kind: 'custom', data, description: 'call' });
          await device.messages.send(message, { recvID: toUserID, groupID: '' });
        };
      },
    }),
  ),
);
