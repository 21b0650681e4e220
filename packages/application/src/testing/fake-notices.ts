import { Subject, type Observable } from 'rxjs';
import {
  MessageNotices,
  PageVisibility,
  type MessageNotice,
  type NoticePermission,
} from '../ports/message-notices.port';

/**
 * The browser's notices in memory: a permission that starts unasked, the user's answer to the prompt,
 * the notices shown, and clicks the test makes.
 */
export class FakeMessageNotices extends MessageNotices {
  enabledByDefault = false;
  current: NoticePermission = 'default';
  /** What the user answers when asked. */
  answer: NoticePermission = 'granted';
  prompts = 0;
  readonly shown: MessageNotice[] = [];
  private readonly clicks = new Subject<string>();
  readonly clicks$: Observable<string> = this.clicks.asObservable();

  permission(): NoticePermission {
    return this.current;
  }
  requestPermission(): Promise<NoticePermission> {
    this.prompts += 1;
    if (this.current === 'default') this.current = this.answer;
    return Promise.resolve(this.current);
  }
  show(notice: MessageNotice): Promise<boolean> {
    if (this.current !== 'granted') return Promise.resolve(false);
    this.shown.push(notice);
    return Promise.resolve(true);
  }
  /** Whether anything listens for clicks yet (a view subscribes only after its first paint). */
  get listening(): boolean {
    return this.clicks.observed;
  }
  /** The user clicks a shown notice. */
  click(conversationID: string): void {
    this.clicks.next(conversationID);
  }
}

/** Visible unless the test hides it (another tab, a minimized window). */
export class FakePageVisibility extends PageVisibility {
  hidden = false;
  isHidden(): boolean {
    return this.hidden;
  }
}
