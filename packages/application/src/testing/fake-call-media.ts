import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { CallMedia, NO_CALL_MEDIA, type CallMediaTracks } from '../ports/call-media.port';

/** The call's media as a test steers it: which tracks are there, failed subscriptions, browser support. */
export class FakeCallMedia extends CallMedia {
  private readonly tracks = new BehaviorSubject<CallMediaTracks>(NO_CALL_MEDIA);
  private readonly failed = new Subject<void>();
  readonly tracks$: Observable<CallMediaTracks> = this.tracks.asObservable();
  readonly subscriptionFailed$: Observable<void> = this.failed.asObservable();
  /** What `supported()` answers. */
  isSupported = true;

  supported(): boolean {
    return this.isSupported;
  }

  show(tracks: Partial<CallMediaTracks>): void {
    this.tracks.next({ ...this.tracks.value, ...tracks });
  }

  failSubscription(): void {
    this.failed.next();
  }
}
