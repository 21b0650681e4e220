import { imMessagesContract } from './im-messages.contract';
import { fakeImWorld } from './im-worlds';

imMessagesContract('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
