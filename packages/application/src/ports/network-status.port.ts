import type { Observable } from 'rxjs';

/**
 * The platform's own view of the network (the browser's online and offline events). It knows of a lost
 * network at once, long before the IM connection's heartbeat notices; the connection monitor combines
 * the two.
 */
export abstract class NetworkStatus {
  /** Hot: whether the device has a network, its current value first, then each change. */
  abstract readonly online$: Observable<boolean>;
}
