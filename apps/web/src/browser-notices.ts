import { Subject, type Observable } from 'rxjs';
import {
  MessageNotices,
  PageVisibility,
  type MessageNotice,
  type NoticePermission,
} from '@teamim/application';

/** The slice of the browser's `Notification` constructor used here. */
export interface NotificationConstructor {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Notification;
}

/** Where the adapter finds the browser: the page's window, or a stand-in in tests. */
export interface NoticeScope {
  readonly Notification?: NotificationConstructor;
  focus(): void;
}

/**
 * New-message notices through the browser's Notification API. The permission is asked only
 * by `requestPermission`, which the account settings switch calls. Title and body are given as strings,
 * which the browser shows as text. A notice replaces the previous one of its conversation (tag), and
 * clicking it brings the tab to the front and reports the conversation.
 */
export class BrowserMessageNotices extends MessageNotices {
  readonly enabledByDefault = false;
  private readonly clicks = new Subject<string>();
  readonly clicks$: Observable<string> = this.clicks.asObservable();

  constructor(private readonly scope: NoticeScope = window) {
    super();
  }

  permission(): NoticePermission {
    const api = this.scope.Notification;
    return api === undefined ? 'unsupported' : api.permission;
  }

  async requestPermission(): Promise<NoticePermission> {
    const api = this.scope.Notification;
    if (api === undefined) return 'unsupported';
    return api.requestPermission();
  }

  show(notice: MessageNotice): Promise<boolean> {
    const api = this.scope.Notification;
    if (api === undefined || api.permission !== 'granted') return Promise.resolve(false);
    try {
      const notification = new api(notice.title, { body: notice.body, tag: notice.conversationID });
      notification.onclick = () => {
        this.scope.focus();
        notification.close();
        this.clicks.next(notice.conversationID);
      };
      return Promise.resolve(true);
    } catch {
      // Some mobile browsers allow notifications only from a service worker: none then.
      return Promise.resolve(false);
    }
  }
}

/** The Page Visibility API: another tab, a minimized window (or the desktop shell's hidden window). */
export class DocumentVisibility extends PageVisibility {
  constructor(private readonly doc: Pick<Document, 'visibilityState'> = document) {
    super();
  }
  isHidden(): boolean {
    return this.doc.visibilityState === 'hidden';
  }
}
