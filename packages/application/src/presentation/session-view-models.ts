import type { Result } from '@teamim/domain';
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { AppError } from '../shared/app-error';
import { CallHistoryViewModel } from './calls/call-history.view-model';
import { CallOverlayViewModel } from './calls/call-overlay.view-model';
import { MissedCallsBadgeViewModel } from './calls/missed-calls-badge.view-model';
import { ConversationListViewModel } from './chat/conversation-list.view-model';
import type { MeetingRoomViewModel, MeetingRoomViewModelDeps } from './meetings/meeting-room.view-model';
import type { SessionServices } from './session-services';
import { ShellViewModel } from './shell/shell.view-model';
import { TopSearchViewModel } from './shell/top-search.view-model';
import type { ViewModelFactory } from './view-model-factory';
import type { ViewModel } from './view-model';

/**
 * Creates the view models of the signed-in screens over one session's services. A view asks for its
 * view model when it mounts and disposes it when it unmounts; the scope disposes whatever is still
 * alive when the session closes.
 *
 * Only what the conversation list shows (the shell, its search, the list) and what listens from the
 * session's start (the call overlay, which rings) are methods here, with their code in the session's
 * chunk. Every other view model is built from the factory its feature exports (`build`), which the views
 * that show it import, so its code loads with them and not before the list.
 */
export class SessionViewModels {
  private readonly alive = new Set<ViewModel<unknown>>();

  constructor(private readonly services: SessionServices) {}

  /** Registers a view model so that closing the session disposes it even if its view never unmounts. */
  protected track<V extends ViewModel<unknown>>(viewModel: V): V {
    this.alive.add(viewModel);
    // A disposed view model completes its state; that is when it stops counting as alive.
    viewModel.state$.subscribe({ complete: () => this.alive.delete(viewModel) });
    return viewModel;
  }

  /** The view model `factory` builds (`balanceViewModel`, `chatViewModel` …), for `args`. */
  build<V extends ViewModel<unknown>, A extends readonly unknown[]>(
    factory: ViewModelFactory<V, A>,
    ...args: A
  ): V {
    return this.track(factory.create(this.services, ...args));
  }

  // ---- the shell and the conversation list ----
  shell(): ShellViewModel {
    const {
      session,
      connection,
      currentUser,
      conversations,
      contacts,
      notifications,
      capabilities,
      settings,
    } = this.services;
    return this.track(
      new ShellViewModel({
        session,
        connection,
        currentUser,
        conversations,
        contacts,
        notifications,
        capabilities,
        settings,
      }),
    );
  }

  topSearch(): TopSearchViewModel {
    const { topSearch, chatFocus } = this.services;
    return this.track(new TopSearchViewModel(topSearch, chatFocus));
  }

  conversationList(): ConversationListViewModel {
    const { conversations, currentUser, settings, clock } = this.services;
    return this.track(new ConversationListViewModel(conversations, currentUser, settings, clock));
  }

  // ---- the call overlay: it rings for a call at any time of the session ----
  callOverlay(): CallOverlayViewModel {
    const { calls, rtcRoom, contactsGateway, notifier, callDevices, callMedia } = this.services;
    return this.track(
      new CallOverlayViewModel(calls, rtcRoom, contactsGateway, notifier, callDevices, { media: callMedia }),
    );
  }

  /** The navigation's Calls item and its missed-call badge. */
  missedCallsBadge(): MissedCallsBadgeViewModel {
    const calls$ = this.services.capabilities.features$.pipe(map((features) => features.calls));
    return this.track(new MissedCallsBadgeViewModel(this.services.callHistory, calls$));
  }

  /** The call history page. */
  callHistory(): CallHistoryViewModel {
    const { callHistory, conversations, settings, clock, calls, notifier, callMedia, meetingLauncher } =
      this.services;
    const calls$ = this.services.capabilities.features$.pipe(map((features) => features.calls));
    return this.track(
      new CallHistoryViewModel({
        history: callHistory,
        conversations,
        settings,
        clock,
        calls,
        notifier,
        media: callMedia,
        launcher: meetingLauncher,
        calls$,
      }),
    );
  }

  // --- meetings: the meeting view, whose code (view model included) loads with the first meeting ---

  /** Whether the own user is in (or joining) a meeting: when the meeting view's code is needed. */
  meetingOpen$(): Observable<boolean> {
    return this.services.meetingRoom.status$.pipe(
      map((status) => status.phase !== 'idle'),
      distinctUntilChanged(),
    );
  }

  /** Leaves the meeting (the way out when the meeting view's code could not load). */
  leaveMeeting(): Promise<Result<void, AppError>> {
    return this.services.meetingRoom.leave();
  }

  /** The meeting view's view model; the view's chunk passes the class, so the list's bundle lacks it. */
  meetingRoom(ViewModel: new (deps: MeetingRoomViewModelDeps) => MeetingRoomViewModel): MeetingRoomViewModel {
    const { meetingRoom: meetings, meetingMedia: room, meetingProfiles: profiles } = this.services;
    const { callDevices: devices, notifier } = this.services;
    return this.track(new ViewModel({ meetings, room, profiles, devices, notifier }));
  }

  /** How many view models are alive (for leak tests). */
  get aliveCount(): number {
    return this.alive.size;
  }

  dispose(): void {
    for (const viewModel of [...this.alive]) viewModel.dispose();
  }
}
