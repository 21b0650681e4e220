import { MediaServerProbe } from '../ports/media-server-probe.port';

/** Every address answers unless a test names it unreachable; records what was probed. */
export class FakeMediaServerProbe extends MediaServerProbe {
  readonly probed: string[] = [];
  private readonly unreachable = new Set<string>();

  /** Nothing answers at `serverUrl` from now on. */
  closed(serverUrl: string): this {
    this.unreachable.add(serverUrl);
    return this;
  }

  reachable(serverUrl: string): Promise<boolean> {
    this.probed.push(serverUrl);
    return Promise.resolve(!this.unreachable.has(serverUrl));
  }
}
