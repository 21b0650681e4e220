import type { MultiLoginPolicy } from '../contract';

/** OpenIM's platform classes for the multi-login policies: mobile, PC, pad; others stand alone. */
export function platformClass(platformID: number): string {
  if (platformID === 1 || platformID === 2) return 'mobile';
  if (isPC(platformID)) return 'pc';
  if (platformID === 8 || platformID === 9) return 'pad';
  return `platform-${platformID}`;
}

function isPC(platformID: number): boolean {
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
  /** When the login's token was issued (ms), if known. */
  readonly issuedAtMs?: number | undefined;
  readonly closing: boolean;
}

/**
 * The connections the policy makes `login` end: the user's other live connections it conflicts with
 * (the same token never conflicts). The later login wins, not the later connection: when a rival holds
 * a newer token, `login` is a page that comes back with an old one after that login happened while it
 * was offline, and it is the one to go.
 */
export function loginVictims<C extends Login>(
  policy: MultiLoginPolicy,
  login: C,
  connections: Iterable<C>,
): C[] {
  const rivals: C[] = [];
  for (const c of connections) {
    if (c !== login && !c.closing && c.token !== login.token && kicks(policy, login.platformID, c.platformID))
      rivals.push(c);
  }
  const stale = rivals.some((c) => isNewer(c.issuedAtMs, login.issuedAtMs));
  return stale ? [login] : rivals;
}

function isNewer(a: number | undefined, b: number | undefined): boolean {
  return a !== undefined && b !== undefined && a > b;
}
