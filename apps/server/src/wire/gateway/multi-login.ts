import type { MultiLoginPolicy } from '../contract';

/** OpenIM's platform classes for the multi-login policies: mobile, PC, pad; others stand alone. */
export function platformClass(platformID: number): string {
  if (platformID === 1 || platformID === 2) return 'mobile';
  if (isPC(platformID)) return 'pc';
  if (platformID === 8 || platformID === 9) return 'pad';
  return `platform-${platformID}`;
}

export function isPC(platformID: number): boolean {
  return platformID === 3 || platformID === 4 || platformID === 7;
}

/** Does a new login on `newPlatformID` kick an older connection of the same user (with another token)? */
export function kicks(policy: MultiLoginPolicy, newPlatformID: number, oldPlatformID: number): boolean {
  switch (policy) {
    case 'allow-all':
      return false;
    case 'kick-same-platform-other-token':
      return oldPlatformID === newPlatformID;
    case 'kick-same-class-other-token':
      return platformClass(oldPlatformID) === platformClass(newPlatformID);
    case 'pc-and-one-other':
      return !isPC(newPlatformID) && !isPC(oldPlatformID);
  }
}

interface Login {
  readonly platformID: number;
  readonly token: string;
  readonly closing: boolean;
}

/** The user's other live connections the policy makes `login` kick; the same token never kicks. */
export function loginVictims<C extends Login>(
  policy: MultiLoginPolicy,
  login: C,
  connections: Iterable<C>,
): C[] {
  const victims: C[] = [];
  for (const c of connections) {
    if (c !== login && !c.closing && c.token !== login.token && kicks(policy, login.platformID, c.platformID))
      victims.push(c);
  }
  return victims;
}
