import { FakeClock, FakeQrSignInServer } from '@teamim/application/testing';
import { qrSignInContract } from './qr-sign-in.contract';
import { PEOPLE } from './worlds';

qrSignInContract('in-memory (FakeQrSignInServer)', () => {
  const server = new FakeQrSignInServer(new FakeClock());
  for (const person of Object.values(PEOPLE)) server.addUser({ ...person, faceURL: '' });
  return Promise.resolve({
    waitingPage: server.waitingPage,
    confirmingDevice: (person) => server.confirmingDevice(PEOPLE[person].userID),
    close: () => Promise.resolve(),
  });
});
