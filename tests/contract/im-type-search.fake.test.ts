import { imTypeSearchContract } from './im-type-search.contract';
import { fakeImWorld } from './im-worlds';

imTypeSearchContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
