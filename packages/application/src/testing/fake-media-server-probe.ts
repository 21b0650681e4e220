import { MediaServerProbe } from '../ports/media-server-probe.port';

/**
 * Every address answers unless a test names it unreachable, or holds its answer back (a media server slow
 * to answer); records what was probed.
 */
export class FakeMediaServerProbe extends MediaServerProbe {
  readonly probed: string[] = [];
  private readonly unreachable = new Set<string>();
  private readonly held = new Map<string, ((reachable: boolean) => void)[]>();

  /** Nothing answers at `serverUrl` from now on. */
  closed(serverUrl: string): this {
    this.unreachable.add(serverUrl);
    return this;
  }

  /** Probes of `serverUrl` wait from now on until {@link answer}. */
  holding(serverUrl: string): this {
    this.held.set(serverUrl, this.held.get(serverUrl) ?? []);
    return this;
  }

  /** Answers the probes of `serverUrl` held so far; later ones answer at once again. */
  answer(serverUrl: string, reachable: boolean): void {
    const waiting = this.held.get(serverUrl) ?? [];
    this.held.delete(serverUrl);
    for (const resolve of waiting) resolve(reachable);
  }

  reachable(serverUrl: string): Promise<boolean> {
    this.probed.push(serverUrl);
    const waiting = this.held.get(serverUrl);
    if (waiting !== undefined) return new Promise((resolve) => waiting.push(resolve));
    return Promise.resolve(!this.unreachable.has(serverUrl));
  }
}
