import { imSessionContract } from './im-session.contract';
import { fakeImWorld } from './im-worlds';

imSessionContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
