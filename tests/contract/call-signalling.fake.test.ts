import { callSignallingContract } from './call-signalling.contract';
import { fakeImWorld } from './im-worlds';

callSignallingContract('in-memory (FakeCallSignalling)', () => Promise.resolve(fakeImWorld()));
