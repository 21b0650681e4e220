import type { Observable } from 'rxjs';

/*
 * New-message notices outside the page (the web's notifications, the desktop shell's). The
 * web binds the browser's Notification API, the desktop shell its own notifications through the
 * preload bridge; the application decides which messages become notices.
 */

/** Whether notices may be shown: `default` = not asked yet; `unsupported` = this platform has none. */
export type NoticePermission = 'granted' | 'denied' | 'default' | 'unsupported';

/** One notice: plain text only (a platform renders it as text, never as markup). */
export interface MessageNotice {
  readonly conversationID: string;
  readonly title: string;
  readonly body: string;
}

/** Shows notices and reports which one the user clicked (by conversation id). */
export abstract class MessageNotices {
  /**
   * Whether notices are on before the user ever touched the switch: yes in the desktop shell (its own
   * notifications need no prompt), no on the web (the browser's prompt comes only from the switch).
   */
  abstract readonly enabledByDefault: boolean;
  abstract permission(): NoticePermission;
  /** Asks the user (the browser's prompt); only ever called when the user switches notices on. */
  abstract requestPermission(): Promise<NoticePermission>;
  /** Shows a notice; resolves whether one was shown. Clicking it brings the app to the front. */
  abstract show(notice: MessageNotice): Promise<boolean>;
  /** Hot, no replay: the conversation id of each clicked notice. */
  abstract readonly clicks$: Observable<string>;
}

/** Whether the user can see the app: a hidden page (another tab, a minimized or hidden window) cannot. */
export abstract class PageVisibility {
  abstract isHidden(): boolean;
}
