import { imGroupsContract } from './im-groups.contract';
import { fakeImWorld } from './im-worlds';

imGroupsContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
