import { imMentionsContract } from './im-mentions.contract';
import { fakeImWorld } from './im-worlds';

imMentionsContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
