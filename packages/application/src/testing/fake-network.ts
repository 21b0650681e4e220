import { BehaviorSubject, type Observable } from 'rxjs';
import { NetworkStatus } from '../ports/network-status.port';

/** The device's network, switched off and on by the test. */
export class FakeNetworkStatus extends NetworkStatus {
  private readonly online = new BehaviorSubject(true);
  readonly online$: Observable<boolean> = this.online.asObservable();

  set(online: boolean): void {
    if (online !== this.online.value) this.online.next(online);
  }
}
