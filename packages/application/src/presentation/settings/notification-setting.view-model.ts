import type {
  EnableFailure,
  MessageNotificationService,
} from '../../notifications/message-notifications.service';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface NotificationSettingState {
  /** The switch as it shows: off again when the permission was refused. */
  readonly enabled: boolean;
  /** Asking the browser; the switch waits for the answer. */
  readonly busy: boolean;
  /**
   * Why the switch is off although the user wanted it on: the browser refused (or was set to block
   * this site), or it has no notifications at all.
   */
  readonly problem: EnableFailure | undefined;
}

/**
 * Account settings' notifications switch ("web notifications for new messages while the page is
 * hidden, asked for only when the user switches them on"). The permission is asked here and only here.
 */
export class NotificationSettingViewModel extends StateViewModel<NotificationSettingState> {
  constructor(private readonly notifications: MessageNotificationService) {
    super({ enabled: notifications.enabled, busy: false, problem: undefined });
    this.own(notifications.state$.subscribe((state) => this.patch({ enabled: state.enabled })));
  }

  /** Resolves whether the switch ended where the user put it. */
  async setEnabled(on: boolean): Promise<boolean> {
    if (this.state.busy) return false;
    this.patch({ busy: true, problem: undefined });
    const result = await this.notifications.setEnabled(on);
    this.patch({ busy: false, problem: result.ok ? undefined : result.error });
    return result.ok;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const notificationSettingViewModel = viewModelFactory(
  (s) => new NotificationSettingViewModel(s.notifications),
);
