import { imMentionsContract } from './im-mentions.contract';
import { openImWorld } from './im-worlds';

// Three real SDK instances (alice, bob, carol) against createServer in memory.
imMentionsContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
