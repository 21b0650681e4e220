import { imContactsContract } from './im-contacts.contract';
import { fakeImWorld } from './im-worlds';

imContactsContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
