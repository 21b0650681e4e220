import { imGroupsContract } from './im-groups.contract';
import { openImWorld } from './im-worlds';

// Three real SDK instances (owner, admin, member) against createServer in memory.
imGroupsContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
