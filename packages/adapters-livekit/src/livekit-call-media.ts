import { BehaviorSubject, type Observable } from 'rxjs';
import { CallMedia, NO_CALL_MEDIA, type CallMediaTracks } from '@teamim/application';
import { RoomConnectionState } from '@teamim/domain';
import { isRtcSupported } from './livekit-factory';
import type { LiveKitRtcRoom, RemoteTrackEvent } from './livekit-rtc-room';

type MediaRoom = Pick<LiveKitRtcRoom, 'state$' | 'remoteTracks$' | 'localTracks$' | 'subscriptionFailed$'>;

function withRemote(current: CallMediaTracks, event: RemoteTrackEvent): CallMediaTracks {
  const video = event.kind === 'video';
  const trackField = video ? 'remoteVideo' : 'remoteAudio';
  const mutedField = video ? 'remoteVideoMuted' : 'remoteAudioMuted';
  switch (event.type) {
    case 'subscribed':
      return { ...current, [trackField]: event.track, [mutedField]: event.muted === true };
    case 'unsubscribed': {
      const { [trackField]: _gone, ...rest } = current;
      return { ...rest, [mutedField]: false };
    }
    case 'muted':
      return { ...current, [mutedField]: true };
    case 'unmuted':
      return { ...current, [mutedField]: false };
  }
}

/**
 * {@link CallMedia} over the LiveKit room adapter: folds its remote track events and own (published or
 * previewed) tracks into the tracks the overlay shows, and forgets the remote ones when the room is left.
 */
export class LiveKitCallMedia extends CallMedia {
  private readonly current = new BehaviorSubject<CallMediaTracks>(NO_CALL_MEDIA);
  readonly tracks$: Observable<CallMediaTracks> = this.current.asObservable();
  readonly subscriptionFailed$: Observable<void>;

  constructor(
    room: MediaRoom,
    private readonly isSupported: () => boolean = isRtcSupported,
  ) {
    super();
    this.subscriptionFailed$ = room.subscriptionFailed$;
    // The adapter lives as long as the page, like the room it listens to.
    room.remoteTracks$.subscribe((event) => this.current.next(withRemote(this.current.value, event)));
    room.localTracks$.subscribe((local) => {
      const { localVideo: _old, ...rest } = this.current.value;
      this.current.next(local.video === undefined ? rest : { ...rest, localVideo: local.video });
    });
    room.state$.subscribe((state) => {
      if (state === RoomConnectionState.Disconnected) this.current.next(NO_CALL_MEDIA);
    });
  }

  supported(): boolean {
    return this.isSupported();
  }
}
