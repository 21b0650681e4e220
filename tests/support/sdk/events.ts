import type { EventDataMap, FriendApplicationItem } from '@openim/wasm-client-sdk';

/** Callback payload types by event name, taken from the SDK's own typings (its keys are enum members). */
type SdkEventData = { [K in keyof EventDataMap as `${K}`]: EventDataMap[K] } & {
  // Fired by the SDK but missing from its EventDataMap.
  OnFriendApplicationAccepted: FriendApplicationItem;
};
/** Every event name the harness knows a payload type for; other names are accepted as plain strings. */
type SdkEventName = keyof SdkEventData;
export type DataOf<N extends string> = N extends SdkEventName ? SdkEventData[N] : unknown;

export interface RecordedEvent<D = unknown> {
  /** Position in the recorder, usable as `since` for later waits. */
  readonly index: number;
  readonly name: string;
  /** Milliseconds since the instance started. */
  readonly at: number;
  readonly errCode: number;
  readonly errMsg: string;
  readonly data: D;
}

export class EventWaitTimeout extends Error {
  override readonly name = 'EventWaitTimeout';
}

type Listener = () => void;

/**
 * Records every callback one SDK instance fires, in order, and lets tests wait for one that matches.
 * Waits look back at already recorded events (from `since`), so an event that fired before the wait
 * started is not missed; take `mark()` before an action to ignore what came earlier.
 */
export class EventRecorder {
  private readonly events: RecordedEvent[] = [];
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly label: string,
    private readonly startedAt: number,
    private readonly diagnostics: () => string,
  ) {}

  record(name: string, payload: unknown): void {
    const envelope = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
      string,
      unknown
    >;
    this.events.push({
      index: this.events.length,
      name,
      at: Date.now() - this.startedAt,
      errCode: typeof envelope['errCode'] === 'number' ? envelope['errCode'] : 0,
      errMsg: typeof envelope['errMsg'] === 'string' ? envelope['errMsg'] : '',
      data: envelope['data'],
    });
    for (const listener of [...this.listeners]) listener();
  }

  /** Index to pass as `since` so that only events recorded from now on count. */
  mark(): number {
    return this.events.length;
  }

  all<N extends string>(name?: N, since = 0): RecordedEvent<DataOf<N>>[] {
    return this.events.slice(since).filter((e) => name === undefined || e.name === name) as RecordedEvent<
      DataOf<N>
    >[];
  }

  names(since = 0): string[] {
    return this.events.slice(since).map((e) => e.name);
  }

  /**
   * Resolves with the first event named `name` at or after `since` whose data satisfies `predicate`;
   * rejects after `timeoutMs` with the events seen and the SDK's recent warnings and errors.
   */
  waitFor<N extends string>(
    name: N,
    predicate: (data: DataOf<N>, event: RecordedEvent<DataOf<N>>) => boolean = () => true,
    timeoutMs = 20_000,
    since = 0,
  ): Promise<RecordedEvent<DataOf<N>>> {
    const find = (): RecordedEvent<DataOf<N>> | undefined =>
      this.all(name, since).find((e) => {
        try {
          return predicate(e.data, e);
        } catch {
          // A predicate that throws on an unexpected shape simply does not match.
          return false;
        }
      });
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = (): void => {
        const match = find();
        if (!match) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(match);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        const seen = this.all(name, since).map((e) => JSON.stringify(e.data).slice(0, 300));
        reject(
          new EventWaitTimeout(
            `[${this.label}] no ${name} matching the predicate within ${timeoutMs} ms.\n` +
              `${name} events seen since #${since}: ${seen.length ? seen.join('\n  ') : 'none'}\n` +
              `all events since #${since}: ${this.names(since).join(', ') || 'none'}\n` +
              this.diagnostics(),
          ),
        );
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }
}
