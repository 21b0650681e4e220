import { imConversationsContract } from './im-conversations.contract';
import { fakeImWorld } from './im-worlds';

imConversationsContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
