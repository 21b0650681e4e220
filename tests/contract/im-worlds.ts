import type {
  CallSignalling,
  ContactsGateway,
  FileUploader,
  ConversationsGateway,
  GroupsGateway,
  ImSession,
  MessagesGateway,
} from '@teamim/application';
import { FakeFileUploader, FakeImDevice, TestWorld } from '@teamim/application/testing';
import {
  createOpenImPorts,
  type OpenImEvent,
  type OpenImHandler,
  type OpenImSdk,
} from '@teamim/adapters-openim';
import { SdkHarness, type SdkClient } from '../support/sdk';
import { startTestServer, uniqueUsers, type TestServer } from '../support/server';

/** The IM ports of one client (one browser tab; one SDK instance on the real side). */
export interface ImClient {
  readonly session: ImSession;
  readonly contacts: ContactsGateway;
  readonly groups: GroupsGateway;
  readonly conversations: ConversationsGateway;
  readonly messages: MessagesGateway;
  readonly callSignalling: CallSignalling;
  readonly fileUploader: FileUploader;
}

export interface ImUser {
  readonly userID: string;
  readonly nickname: string;
  readonly token: string;
}

/** A signed-in client and who it is. */
export interface SignedIn extends ImClient {
  readonly user: ImUser;
}

/**
 * What the IM contract suites need from a side: users, clients, a way to wait for pushed events, and
 * the server ending a session. On the real side every client is one SDK instance (a 36 MB wasm), so
 * suites create few and reuse them across their cases.
 */
export interface ImWorld {
  readonly side: 'in-memory' | 'openim';
  createUser(name: string): Promise<ImUser>;
  /** A client that is not logged in yet. */
  newClient(): ImClient;
  signIn(name: string): Promise<SignedIn>;
  /**
   * Runs `check` until it stops throwing: at once after the fakes settled, or polling the real side
   * (pushes travel over the network there). Rethrows the last failure after the timeout.
   */
  eventually<T>(check: () => T | Promise<T>, timeoutMs?: number): Promise<T>;
  /**
   * Logs the user in on another client of the same platform with a fresh token (returned with it); the
   * server's multi-login policy (kick the same platform) then logs the older client out.
   */
  signInElsewhere(user: ImUser): Promise<{ readonly client: ImClient; readonly token: string }>;
  /** The bytes a URL returned by a `fileUploader` serves. */
  download(url: string): Promise<Uint8Array>;
  /** A new valid token for the user (what a fresh sign-in gets). */
  freshToken(user: ImUser): Promise<string>;
  /** The admin revokes the user's tokens (OpenIM /auth/revoke_token): the server ends their sessions. */
  endSession(user: ImUser): Promise<void>;
  /** What the client's SDK logged lately (warnings, errors, the last lines): for failure messages. */
  diagnostics(client: ImClient): string;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function retry<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  pause: () => Promise<void>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error: unknown) {
      if (Date.now() > deadline) throw error;
      await pause();
    }
  }
}

/**
 * Hooks that change the in-memory side's behaviour, for the mutants that prove the contracts catch a
 * broken fake (contract/mutants): `backend` runs once on the shared backend, `device` and `uploader` on
 * every new client.
 */
export interface FakeWorldMutation {
  readonly backend?: (world: TestWorld) => void;
  readonly device?: (device: FakeImDevice) => void;
  readonly uploader?: (uploader: FakeFileUploader) => void;
}

/** The in-memory side: FakeImDevice clients on one FakeBackend. */
export function fakeImWorld(mutation: FakeWorldMutation = {}): ImWorld {
  const world = new TestWorld();
  mutation.backend?.(world);
  const uploaders: FakeFileUploader[] = [];
  let serial = 0;
  const self: ImWorld = {
    side: 'in-memory',
    createUser(name) {
      serial += 1;
      const userID = `${name}_${serial}`;
      const nickname = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} ${serial}`;
      return Promise.resolve({ userID, nickname, token: world.backend.registerUser({ userID, nickname }) });
    },
    newClient() {
      const device = new FakeImDevice(world.backend);
      mutation.device?.(device);
      const uploader = new FakeFileUploader();
      mutation.uploader?.(uploader);
      uploaders.push(uploader);
      const client: ImClient = {
        session: device.session,
        contacts: device.contacts,
        groups: device.groups,
        conversations: device.conversations,
        messages: device.messages,
        callSignalling: device.signalling,
        fileUploader: uploader,
      };
      return client;
    },
    async signIn(name) {
      const user = await self.createUser(name);
      const client = self.newClient();
      await client.session.login(user.userID, user.token);
      await world.settle();
      return { ...client, user };
    },
    eventually(check, timeoutMs = 1000) {
      return retry(
        async () => {
          await world.settle();
          return check();
        },
        timeoutMs,
        () => sleep(10),
      );
    },
    async signInElsewhere(user) {
      // The backend's multi-login policy (kick the same platform) does the rest, as the server's does.
      const token = world.backend.issueToken(user.userID);
      const client = self.newClient();
      await client.session.login(user.userID, token);
      return { client, token };
    },
    async download(url) {
      const file = uploaders.map((u) => u.files.get(url)).find((f) => f !== undefined);
      if (!(file?.handle instanceof Blob)) throw new Error(`nothing uploaded at ${url}`);
      return new Uint8Array(await file.handle.arrayBuffer());
    },
    freshToken(user) {
      return Promise.resolve(world.backend.issueToken(user.userID));
    },
    endSession(user) {
      world.backend.revokeToken(user.userID);
      return Promise.resolve();
    },
    diagnostics: () => '(in-memory side: no SDK log)',
    close: () => Promise.resolve(),
  };
  return self;
}

type Forward = (...args: unknown[]) => Promise<unknown>;

/**
 * The real SDK behind the adapters: an instance of the test harness (the unmodified wasm SDK in a Node
 * worker) exposed with the SDK's own `on`/`off`/method surface. Its worker starts on the first `login`
 * (the harness logs in while booting); later calls, including another `login`, go to that instance.
 * Callbacks fired while booting are replayed to the handlers registered before.
 */
class WorkerSdk {
  private client: SdkClient | undefined;
  private readonly handlers = new Map<string, Set<OpenImHandler>>();

  constructor(
    private readonly harness: SdkHarness,
    private readonly server: TestServer,
  ) {}

  on(name: string, handler: OpenImHandler): void {
    const set = this.handlers.get(name) ?? new Set<OpenImHandler>();
    set.add(handler);
    this.handlers.set(name, set);
  }

  off(name: string, handler: OpenImHandler): void {
    this.handlers.get(name)?.delete(handler);
  }

  private dispatch(name: string, event: OpenImEvent): void {
    for (const handler of [...(this.handlers.get(name) ?? [])]) handler(event);
  }

  private async boot(params: { userID: string; token: string; platformID: number }): Promise<unknown> {
    const client = await this.harness.login(params.userID, params.platformID, {
      token: params.token,
      apiAddr: this.server.apiAddr,
      wsAddr: this.server.wsAddr,
    });
    this.client = client;
    const recorded = client.events.all();
    const record = client.events.record.bind(client.events);
    client.events.record = (name: string, payload: unknown): void => {
      record(name, payload);
      this.dispatch(name, payload as OpenImEvent);
    };
    for (const e of recorded) this.dispatch(e.name, { data: e.data, errCode: e.errCode, errMsg: e.errMsg });
    return { errCode: 0, errMsg: '', data: null };
  }

  call(method: string, args: unknown[]): Promise<unknown> {
    if (!this.client) {
      if (method === 'login')
        return this.boot(args[0] as { userID: string; token: string; platformID: number });
      return Promise.reject(Object.assign(new Error('sdk not logged in'), { errCode: 10101 }));
    }
    // The harness' typed surface leaves out login; at run time every SDK method is forwarded.
    const forward = (this.client.sdk as unknown as Record<string, Forward>)[method];
    if (!forward) return Promise.reject(new Error(`no SDK method ${method}`));
    return forward(...args);
  }

  diagnostics(): string {
    return this.client?.diagnostics(40) ?? '(the SDK has not started)';
  }

  asSdk(): OpenImSdk {
    // A Proxy gives the worker-backed instance the SDK's method surface; the cast attaches its types.
    return new Proxy(this, {
      get: (target, property) => {
        if (property === 'on' || property === 'off') return target[property].bind(target);
        return (...args: unknown[]) => target.call(String(property), args);
      },
    }) as unknown as OpenImSdk;
  }
}

/**
 * The real side: the OpenIM adapters over real SDK instances against `createServer` (in memory), optionally
 * in a compatibility profile (`openim-3.8`: uploads go to presigned URLs on a second origin, as with MinIO).
 */
export async function openImWorld(options: { readonly compat?: 'openim-3.8' } = {}): Promise<ImWorld> {
  const server = await startTestServer(options.compat === undefined ? {} : { compat: options.compat });
  const harness = new SdkHarness(server);
  const sdks = new WeakMap<ImSession, WorkerSdk>();
  const self: ImWorld = {
    side: 'openim',
    async createUser(name) {
      const [person] = Object.values(uniqueUsers(name));
      if (!person) throw new Error('uniqueUsers returned nobody');
      await server.registerUsers([person]);
      return { ...person, token: await server.userToken(person.userID, 5) };
    },
    newClient() {
      const sdk = new WorkerSdk(harness, server);
      const client = createOpenImPorts(sdk.asSdk(), {
        apiAddr: server.apiAddr,
        wsAddr: server.wsAddr,
        platformID: 5,
      });
      // Keyed by the session port, which a SignedIn shares with the client it was spread from.
      sdks.set(client.session, sdk);
      return client;
    },
    async signIn(name) {
      const user = await self.createUser(name);
      const client = self.newClient();
      // Wait for the initial sync too: changes made while the SDK's first full sync runs are stored
      // without callbacks (e.g. no OnJoinedGroupAdded for a group created meanwhile), and the cases
      // assert on callbacks.
      let subscription: { unsubscribe(): void } | undefined;
      const synced = new Promise<void>((resolve) => {
        subscription = client.session.events$.subscribe((e) => {
          if (e.type === 'syncFinish') resolve();
        });
      });
      try {
        await client.session.login(user.userID, user.token);
        await synced;
      } finally {
        subscription?.unsubscribe();
      }
      return { ...client, user };
    },
    eventually(check, timeoutMs = 20_000) {
      return retry(check, timeoutMs, () => sleep(150));
    },
    async signInElsewhere(user) {
      const client = self.newClient();
      const token = await server.userToken(user.userID, 5);
      await client.session.login(user.userID, token);
      return { client, token };
    },
    async download(url) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    freshToken(user) {
      return server.userToken(user.userID, 5);
    },
    async endSession(user) {
      await server.api(
        '/auth/revoke_token',
        { userID: user.userID, platformID: 5 },
        await server.adminToken(),
      );
    },
    diagnostics(client) {
      return sdks.get(client.session)?.diagnostics() ?? '(not a client of this world)';
    },
    async close() {
      await harness.closeAll();
      await server.close();
    },
  };
  return self;
}
