import { CALL_SIGNAL_CASES, callSignallingContract } from './call-signalling.contract';
import { openImWorld } from './im-worlds';

callSignallingContract('OpenImCallSignalling over the real SDK and @teamim/server', openImWorld, {
  todo: { [CALL_SIGNAL_CASES.group]: 'the server group endpoints are not committed yet' },
});
