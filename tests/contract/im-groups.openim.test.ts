import { GROUP_CASES, imGroupsContract } from './im-groups.contract';
import { openImWorld } from './im-worlds';

const NO_GROUPS_YET = 'the server group endpoints are not committed yet';

// Every case waits for the server's group endpoints; the suite then boots no SDK instance at all.
imGroupsContract('OpenIM adapters over the real SDK and @teamim/server', openImWorld, {
  todo: Object.fromEntries(Object.values(GROUP_CASES).map((name) => [name, NO_GROUPS_YET])),
});
