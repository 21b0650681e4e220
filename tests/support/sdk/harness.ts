import { SdkClient } from './client';
import type { SdkLoginOptions } from './client';

export interface HarnessServer {
  readonly apiAddr: string;
  readonly wsAddr: string;
  userToken(userID: string, platformID: number): Promise<string>;
}

/**
 * Owns the SDK instances of one test (or file): starts them against a server and tears all of them
 * down in `closeAll()` (call it from afterEach/afterAll), even when a test failed halfway.
 */
export class SdkHarness {
  private readonly clients = new Set<SdkClient>();

  constructor(private readonly server: HarnessServer) {}

  /** Starts an instance logged in as `userID` on `platformID` (5 = web) with a fresh token and local DB. */
  login(userID: string, platformID = 5, overrides: Partial<SdkLoginOptions> = {}): Promise<SdkClient> {
    return this.start(userID, platformID, overrides, false);
  }

  /** Like `login`, then waits for OnSyncServerFinish. */
  loginSynced(userID: string, platformID = 5, overrides: Partial<SdkLoginOptions> = {}): Promise<SdkClient> {
    return this.start(userID, platformID, overrides, true);
  }

  private async start(
    userID: string,
    platformID: number,
    overrides: Partial<SdkLoginOptions>,
    synced: boolean,
  ): Promise<SdkClient> {
    const token = overrides.token ?? (await this.server.userToken(userID, platformID));
    const options = {
      userID,
      token,
      platformID,
      apiAddr: this.server.apiAddr,
      wsAddr: this.server.wsAddr,
      ...overrides,
    };
    const client = await SdkClient.start(options, undefined, { synced });
    this.clients.add(client);
    return client;
  }

  /** Ends one instance early (e.g. to simulate a device going offline). */
  async close(client: SdkClient): Promise<void> {
    this.clients.delete(client);
    await client.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.clients];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
