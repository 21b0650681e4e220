import {
  combineLatest,
  concat,
  distinctUntilChanged,
  map,
  of,
  scan,
  shareReplay,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import type { Clock } from '../ports/clock.port';
import type { NetworkStatus } from '../ports/network-status.port';
import type { LoadState, SessionService } from './session.service';

/** What the shell's status line says; the view chooses the words. */
export type ConnectionStatus =
  /** The device has no network (the platform says so at once). */
  | 'offline'
  /** The network is back; the IM connection is being made again. */
  | 'reconnecting'
  /** The connection is back after a loss; shown for a moment, then nothing. */
  | 'reconnected'
  | 'connectFailed'
  | 'connecting'
  | 'syncFailed'
  | 'syncing';

/** How long "connected again" stays on screen once a lost connection is back. */
export const RECONNECTED_NOTICE_MS = 3_000;

/**
 * The status line without a network loss (spec §4 "Connection and sync"): connection problems first,
 * then the sync state; nothing once connected and synced (or before anything started).
 */
export function connectionStatus(connection: LoadState, sync: LoadState): ConnectionStatus | undefined {
  if (connection === 'failed') return 'connectFailed';
  if (connection === 'loading') return 'connecting';
  if (sync === 'failed') return 'syncFailed';
  if (sync === 'loading') return 'syncing';
  return undefined;
}

interface Step {
  /** The connection was lost (no network) and has not been seen working since. */
  readonly lost: boolean;
  readonly status: ConnectionStatus | undefined;
}

/**
 * One step of the rule that combines the platform's network signal with the IM connection's state. The
 * SDK notices a dead network only by its heartbeat, 20-30 s late, so the platform's "offline" is shown at
 * once; once the network is back the status says "reconnecting" until the SDK reports its connection,
 * then "connected again" for a moment. A server that cannot be reached with the network up is the SDK's
 * to report ("connect failed").
 */
export function nextConnectionStep(
  previous: Step,
  online: boolean,
  connection: LoadState,
  sync: LoadState,
): Step {
  if (!online) return { lost: true, status: 'offline' };
  if (!previous.lost) return { lost: false, status: connectionStatus(connection, sync) };
  if (connection === 'success') return { lost: false, status: 'reconnected' };
  if (connection === 'failed') return { lost: true, status: 'connectFailed' };
  return { lost: true, status: 'reconnecting' };
}

/** The session's connection as the user should see it (hot, replays the current status). */
export class ConnectionMonitor {
  readonly status$: Observable<ConnectionStatus | undefined>;

  constructor(session: SessionService, network: NetworkStatus, clock: Clock) {
    this.status$ = combineLatest([
      network.online$.pipe(distinctUntilChanged()),
      session.connection$,
      session.sync$,
    ]).pipe(
      scan<[boolean, LoadState, LoadState], Step>(
        (previous, [online, connection, sync]) => nextConnectionStep(previous, online, connection, sync),
        { lost: false, status: undefined },
      ),
      map((step) => step.status),
      distinctUntilChanged(),
      switchMap((status) =>
        status === 'reconnected'
          ? concat(of(status), timer(RECONNECTED_NOTICE_MS, clock.scheduler).pipe(map(() => undefined)))
          : of(status),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  /** `status$` ends with its last subscriber (its timer with it), so there is nothing more to end. */
  dispose(): void {
    // Derived from the session's streams: the scope calls it like every other session service's.
  }
}
