import { callSignallingContract } from './call-signalling.contract';
import { openImWorld } from './im-worlds';

callSignallingContract('OpenImCallSignalling over the real SDK and @teamim/server', openImWorld);
