import { TestWorld, type TestClient } from '@teamim/application/testing';
import {
  createAccountApi,
  createChatApi,
  createWalletApi,
  md5Hex,
  type AccountSession,
  type HttpChatApi,
  type HttpWalletApi,
} from '@teamim/adapters-http';
import type { ChatApi, WalletApi } from '@teamim/application';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The demo people both sides of the contracts share: the same ids, nicknames, phones and e-mails
 * as the server's `--seed demo` (apps/server/src/seed/demo.ts).
 */
export const PEOPLE = {
  alice: { userID: '1000000001', nickname: 'alice', phoneNumber: '13800000001', email: 'alice@example.com' },
  bob: { userID: '1000000002', nickname: 'bob', phoneNumber: '13800000002', email: 'bob@example.com' },
  carol: { userID: '1000000003', nickname: 'carol', phoneNumber: '13800000003', email: 'carol@example.com' },
} as const;
export type PersonName = keyof typeof PEOPLE;
export const DEMO_PASSWORD = 'Demo1234';
const NAMES = Object.keys(PEOPLE) as PersonName[];

/** The in-memory side: a TestWorld with the demo people signed in, their wallets funded as the seed does. */
export class FakeDemoWorld {
  private constructor(
    readonly world: TestWorld,
    private readonly clients: Readonly<Record<PersonName, TestClient>>,
  ) {}

  static async start(options: {
    readonly balanceCents: number;
    readonly payPin: string;
  }): Promise<FakeDemoWorld> {
    const world = new TestWorld();
    world.users(...NAMES.map((n) => ({ ...PEOPLE[n] })));
    for (const n of NAMES) {
      world.backend.wallet.credit(PEOPLE[n].userID, options.balanceCents, 3, 'demo top-up');
    }
    // As the seed: bob and carol have a pay password, alice has none yet.
    world.backend.wallet.payPasswords.set(PEOPLE.bob.userID, md5Hex(options.payPin));
    world.backend.wallet.payPasswords.set(PEOPLE.carol.userID, md5Hex(options.payPin));
    const clients = {} as Record<PersonName, TestClient>;
    for (const n of NAMES) clients[n] = await world.signIn(PEOPLE[n].userID);
    return new FakeDemoWorld(world, clients);
  }

  client(person: PersonName): TestClient {
    return this.clients[person];
  }

  wallet(person: PersonName): WalletApi {
    return this.clients[person].ports.walletApi;
  }

  chat(person: PersonName): ChatApi {
    return this.clients[person].ports.chatApi;
  }
}

/** The real side: the local server (in memory, `--seed demo`) and the HTTP adapters signed in over it. */
export class HttpDemoWorld {
  private constructor(
    readonly server: TestServer,
    readonly chatBaseURL: string,
    private readonly sessions: Readonly<Record<PersonName, AccountSession>>,
  ) {}

  static async start(
    options: { readonly liveKitUrl?: string; readonly compat?: 'openim-3.8' } = {},
  ): Promise<HttpDemoWorld> {
    const server = await startTestServer({
      seed: 'demo',
      ...(options.compat === undefined ? {} : { compat: options.compat }),
      chat: {
        // A low scrypt cost keeps the per-test server start fast; the hashing itself is the server's concern.
        scryptCost: 1024,
        ...(options.liveKitUrl === undefined ? {} : { liveKitUrl: options.liveKitUrl }),
      },
    });
    try {
      const chatBaseURL = `${server.url}/chat`;
      const accounts = createAccountApi({ baseURL: chatBaseURL }, { getToken: () => '' });
      const sessions = {} as Record<PersonName, AccountSession>;
      for (const n of NAMES) {
        sessions[n] = await accounts.loginWithPassword({ email: PEOPLE[n].email }, DEMO_PASSWORD);
      }
      return new HttpDemoWorld(server, chatBaseURL, sessions);
    } catch (e: unknown) {
      await server.close();
      throw e;
    }
  }

  session(person: PersonName): AccountSession {
    return this.sessions[person];
  }

  wallet(person: PersonName): HttpWalletApi {
    const token = this.sessions[person].chatToken;
    return createWalletApi({ baseURL: this.chatBaseURL }, { getToken: () => token });
  }

  chat(person: PersonName): HttpChatApi {
    const { chatToken: token, userID } = this.sessions[person];
    // As the web client wires it: the signed-in user is left out where the route does not do it.
    return createChatApi(
      { baseURL: this.chatBaseURL },
      { getToken: () => token },
      { selfUserID: () => userID },
    );
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
