import { map, type Observable } from 'rxjs';
import { err, MEETING_LIMITS, ok, translate, type Result } from '@teamim/domain';
import type { MeetingService } from '../../meetings/meeting.service';
import type { CurrentUser } from '../../session/current-user';
import type { CapabilityState } from '../../session/deployment-capabilities';
import type { SettingsStore } from '../../settings/settings.store';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface MeetingEntryState {
  /** The deployment has a media server: the plus menu offers meetings. */
  readonly available: boolean;
}

/** The plus menu's Quick meeting with people picked one by one (not one group). */
export class MeetingEntryViewModel extends StateViewModel<MeetingEntryState> {
  constructor(
    private readonly meetings: MeetingService,
    private readonly currentUser: CurrentUser,
    private readonly settings: SettingsStore,
    calls$: Observable<CapabilityState>,
  ) {
    super({ available: false });
    this.own(calls$.subscribe((calls) => this.set({ available: calls === 'available' })));
  }

  /** Posts the card to each picked person's single chat, then joins the room. */
  async quickWith(userIDs: readonly string[]): Promise<Result<void, AppError>> {
    if (!this.state.available) return err(stateFailure('meetings are not available'));
    if (userIDs.length === 0) return err(stateFailure('nobody picked'));
    const name = this.currentUser.selfInfo?.nickname || this.currentUser.id();
    const title = translate(this.settings.snapshot.locale, 'meeting.quickTitle', { name });
    const started = await this.meetings.quick(
      { kind: 'people', userIDs },
      title.slice(0, MEETING_LIMITS.titleMaxLength),
    );
    return started.ok ? ok(undefined) : started;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const meetingEntryViewModel = viewModelFactory(
  (s) =>
    new MeetingEntryViewModel(
      s.meetings,
      s.currentUser,
      s.settings,
      s.capabilities.features$.pipe(map((features) => features.calls)),
    ),
);
