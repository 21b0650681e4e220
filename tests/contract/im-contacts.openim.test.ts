import { imContactsContract } from './im-contacts.contract';
import { openImWorld } from './im-worlds';

// Two real SDK instances (alice, bob) against createServer in memory, reused across the cases.
imContactsContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
