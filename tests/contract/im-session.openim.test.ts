import { imSessionContract } from './im-session.contract';
import { openImWorld } from './im-worlds';

// One real SDK instance (a Node worker) against createServer in memory.
imSessionContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld);
