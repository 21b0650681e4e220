import { imTypeSearchContract } from './im-type-search.contract';
import { openImWorld } from './im-worlds';

// Three real SDK instances (alice, bob, carol) against createServer in memory.
imTypeSearchContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
