import type { SessionEvent } from '@teamim/application';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { codeOf, contractCase, recorder, type ImContractOptions, type MakeWorld } from './im-contract-kit';
import type { ImClient, ImUser, ImWorld } from './im-worlds';

/**
 * ImSession contract: login (refused token, repeated login), self info, connection and sync events,
 * logout and login again, and the forced logout when the server ends the session. One client is reused
 * across the cases (on the real side it is one SDK instance).
 */
export function imSessionContract(side: string, makeWorld: MakeWorld, options: ImContractOptions = {}): void {
  describe(`ImSession contract: ${side}`, () => {
    let world: ImWorld;
    let user: ImUser;
    let client: ImClient;

    beforeAll(async () => {
      world = await makeWorld();
      user = await world.createUser('alice');
      client = world.newClient();
    });
    afterAll(async () => {
      await world.close();
    });

    contractCase(options, 'login with a wrong token rejects with a non-zero code', async () => {
      const code = await codeOf(client.session.login(user.userID, `${user.token}x`));
      expect(code).not.toBe(0);
    });

    contractCase(
      options,
      'login with the right token connects and syncs; self info is the user',
      async () => {
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
      },
    );

    contractCase(options, 'a second login on a logged-in client rejects with 10102', async () => {
      expect(await codeOf(client.session.login(user.userID, user.token))).toBe(10102);
    });

    contractCase(options, 'logout, then login again on the same client', async () => {
      await client.session.logout();
      await client.session.login(user.userID, user.token);
      expect((await client.session.getSelfInfo()).userID).toBe(user.userID);
    });

    contractCase(
      options,
      'a login on another client of the same platform kicks this one (kickedOffline)',
      async () => {
        const events = recorder<SessionEvent>(client.session.events$);
        const other = await world.signInElsewhere(user);
        await world.eventually(() => {
          expect(events.values.map((e) => e.type)).toContain('kickedOffline');
        });
        events.stop();
        expect((await other.session.getSelfInfo()).userID).toBe(user.userID);
        client = other;
      },
    );

    contractCase(options, 'the server ending the session reports tokenExpired (forced logout)', async () => {
      const events = recorder<SessionEvent>(client.session.events$);
      await world.endSession(client, user);
      await world.eventually(() => {
        expect(events.values.map((e) => e.type)).toContain('tokenExpired');
      });
      events.stop();
    });
  });
}
