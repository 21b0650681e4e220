import { imBefriendChatRevokeScenario } from './im-scenario.contract';
import { fakeImWorld } from './im-worlds';

imBefriendChatRevokeScenario('in-memory (FakeImDevice)', () => Promise.resolve(fakeImWorld()));
