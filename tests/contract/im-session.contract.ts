import type { SessionEvent } from '@teamim/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, recorder, type MakeWorld } from './im-contract-kit';
import type { ImClient, ImUser, ImWorld } from './im-worlds';

export const SESSION_CASES = {
  wrongToken: 'login with a wrong token rejects with a non-zero code',
  login: 'login with the right token connects and syncs; self info is the user',
  repeated: 'a second login on a logged-in client rejects with 10102',
  relogin: 'logout, then login again on the same client',
  kicked: 'a login on another client of the same platform kicks this one; its token is refused (1506)',
  revoked: 'the admin revoking the token reports tokenExpired; the old token is refused (1501)',
} as const;

/**
 * ImSession contract: login (refused token, repeated login), self info, connection and sync events,
 * logout and login again, and the forced logouts: a kick by a login elsewhere on the same platform and the
 * admin revoking the token. After a forced logout the client is signed out (the app does not call logout),
 * its old token is refused and a fresh one logs in. One client is reused across the cases (on the real side
 * it is one SDK instance; the in-memory side's FakeBackend applies the multi-login policy and revocation).
 */
export function imSessionContract(side: string, makeWorld: MakeWorld): void {
  describe(`ImSession contract: ${side}`, () => {
    let world: ImWorld;
    let user: ImUser;
    let client: ImClient;
    /** The token `client` is logged in with. */
    let token: string;

    beforeAll(async () => {
      world = await makeWorld();
      user = await world.createUser('alice');
      client = world.newClient();
      token = user.token;
    });
    afterAll(async () => {
      await world.close();
    });

    it(SESSION_CASES.wrongToken, async () => {
      const code = await codeOf(client.session.login(user.userID, `${user.token}x`));
      expect(code).not.toBe(0);
    });

    it(SESSION_CASES.login, async () => {
      const events = recorder<SessionEvent>(client.session.events$);
      await client.session.login(user.userID, user.token);
      await world.eventually(() => {
        const types = events.values.map((e) => e.type);
        expect(types).toContain('connectSuccess');
        expect(types).toContain('syncFinish');
        expect(types.indexOf('connectSuccess')).toBeLessThan(types.lastIndexOf('syncFinish'));
      });
      events.stop();
      const self = await client.session.getSelfInfo();
      expect(self.userID).toBe(user.userID);
      expect(self.nickname).toBe(user.nickname);
    });

    it(SESSION_CASES.repeated, async () => {
      expect(await codeOf(client.session.login(user.userID, user.token))).toBe(10102);
    });

    it(SESSION_CASES.relogin, async () => {
      await client.session.logout();
      await client.session.login(user.userID, user.token);
      expect((await client.session.getSelfInfo()).userID).toBe(user.userID);
    });

    it(SESSION_CASES.kicked, async () => {
      const events = recorder<SessionEvent>(client.session.events$);
      const other = await world.signInElsewhere(user);
      await world.eventually(() => {
        expect(events.values.map((e) => e.type)).toContain('kickedOffline');
      });
      events.stop();
      expect((await other.client.session.getSelfInfo()).userID).toBe(user.userID);
      // A forced logout leaves the client signed out (the app does not call logout then): its old token
      // is refused, the server remembers the kick.
      expect(await codeOf(client.session.login(user.userID, user.token))).toBe(1506);
      client = other.client;
      token = other.token;
    });

    it(SESSION_CASES.revoked, async () => {
      const events = recorder<SessionEvent>(client.session.events$);
      await world.endSession(user);
      await world.eventually(() => {
        expect(events.values.map((e) => e.type)).toContain('tokenExpired');
      });
      events.stop();
      // The SDK reports the expiry before it has ended its own session; until then a login answers 10102
      // (already logged in), so the refusal of the old token is awaited rather than read once.
      await world.eventually(async () => {
        expect(await codeOf(client.session.login(user.userID, token))).toBe(1501);
      });
      await client.session.login(user.userID, await world.freshToken(user));
      expect((await client.session.getSelfInfo()).userID).toBe(user.userID);
    });
  });
}
