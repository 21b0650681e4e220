import { imMessagesContract } from './im-messages.contract';
import { openImWorld } from './im-worlds';

// Two real SDK instances (alice, bob) against createServer in memory, reused across the cases.
imMessagesContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
