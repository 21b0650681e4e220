import { map, type Observable } from 'rxjs';
import { err, ok, type CallMediaType, type Result } from '@teamim/domain';
import type { CallService } from '../../calls/call.service';
import type { CallMedia } from '../../ports/call-media.port';
import type { Notifier } from '../../ports/notifier.port';
import type { CapabilityState } from '../../session/deployment-capabilities';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface CallButtonsState {
  /**
   * The header offers the voice and video buttons: the deployment has calls (configured, or a room token
   * was granted and its media server answers; see DeploymentCapabilities). Not while that is unknown.
   */
  readonly callsAvailable: boolean;
}

/** Whether this browser can place or take a call; says so when it cannot (spec §8). */
export function canCallHere(notifier: Notifier, supported: boolean): boolean {
  if (supported) return true;
  notifier.notify({ level: 'error', key: 'toast.browserNotSupported' });
  return false;
}

/** Invites `peerUserID` unless a call is already under way or this browser cannot call (the header, the call history). */
export async function startCall(
  calls: CallService,
  notifier: Notifier,
  canCall: () => boolean,
  peerUserID: string,
  mediaType: CallMediaType,
): Promise<Result<void, AppError>> {
  if (calls.snapshot.phase !== 'idle') {
    notifier.notify({ level: 'warning', key: 'call.busy' });
    return err(stateFailure('already in a call'));
  }
  if (!canCall()) return err(stateFailure('calls are not supported by this browser'));
  const invited = await calls.invite(peerUserID, mediaType);
  return invited.ok ? ok(undefined) : invited;
}

/**
 * The voice and video buttons of a single chat's header (spec §2): shown where calls can work, and a
 * click invites the other party. The call itself is shown by the one call overlay of the session.
 */
export class CallButtonsViewModel extends StateViewModel<CallButtonsState> {
  constructor(
    private readonly calls: CallService,
    private readonly notifier: Notifier,
    private readonly media: Pick<CallMedia, 'supported'>,
    calls$: Observable<CapabilityState>,
  ) {
    super({ callsAvailable: false });
    this.own(calls$.subscribe((state) => this.set({ callsAvailable: state === 'available' })));
  }

  start(peerUserID: string, mediaType: CallMediaType): Promise<Result<void, AppError>> {
    return startCall(
      this.calls,
      this.notifier,
      () => canCallHere(this.notifier, this.media.supported()),
      peerUserID,
      mediaType,
    );
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const callButtonsViewModel = viewModelFactory(
  (s) =>
    new CallButtonsViewModel(
      s.calls,
      s.notifier,
      s.callMedia,
      s.capabilities.features$.pipe(map((features) => features.calls)),
    ),
);
