import { imBefriendChatRevokeScenario } from './im-scenario.contract';
import { openImWorld } from './im-worlds';

// Two real SDK instances against createServer in memory.
imBefriendChatRevokeScenario('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
