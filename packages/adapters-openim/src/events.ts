import { Observable, merge, share, type OperatorFunction } from 'rxjs';
import type { OpenImEvent, OpenImEventData, OpenImEventName, OpenImSdk } from './sdk';

/**
 * One SDK callback as a cold Observable: it registers its handler on subscribe and removes exactly that
 * handler on unsubscribe, so no listener outlives its subscribers.
 */
export function fromSdkEvent<N extends OpenImEventName>(
  sdk: OpenImSdk,
  name: N,
): Observable<OpenImEvent<OpenImEventData<N>>> {
  return new Observable((subscriber) => {
    const handler = (event: OpenImEvent): void => {
      subscriber.next(event as OpenImEvent<OpenImEventData<N>>);
    };
    sdk.on(name, handler);
    return () => {
      sdk.off(name, handler);
    };
  });
}

/**
 * Builds a port's `events$`: the mapped callbacks merged and shared, i.e. hot without replay. The SDK
 * handlers are registered while at least one subscriber listens and removed when the last one leaves.
 */
export function portEvents<T>(...streams: Observable<T>[]): Observable<T> {
  return merge(...streams).pipe(share());
}

/** Maps an event, dropping it when the mapper returns undefined (malformed or irrelevant payloads). */
export function mapDefined<A, B>(map: (value: A) => B | undefined): OperatorFunction<A, B> {
  return (source) =>
    new Observable<B>((subscriber) =>
      source.subscribe({
        next(value) {
          let mapped: B | undefined;
          try {
            mapped = map(value);
          } catch {
            // A payload the mapper cannot read is dropped rather than ending the whole stream.
            return;
          }
          if (mapped !== undefined) subscriber.next(mapped);
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => subscriber.complete(),
      }),
    );
}
