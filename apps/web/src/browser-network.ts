import { NetworkStatus } from '@teamim/application';
import { distinctUntilChanged, fromEvent, map, merge, shareReplay, startWith, type Observable } from 'rxjs';

/** The parts of `window` the adapter reads: `navigator.onLine` and the online/offline events. */
export interface NetworkWindow {
  readonly navigator: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** The browser's online state: `navigator.onLine` now, then each `online` and `offline` event. */
export class BrowserNetworkStatus extends NetworkStatus {
  readonly online$: Observable<boolean>;

  constructor(win: NetworkWindow = window) {
    super();
    this.online$ = merge(fromEvent(win, 'online'), fromEvent(win, 'offline')).pipe(
      startWith(undefined),
      map(() => win.navigator.onLine),
      distinctUntilChanged(),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }
}
