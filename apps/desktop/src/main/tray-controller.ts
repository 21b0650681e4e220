import type { DesktopLanguage } from '../shared/ipc-contract';
import type { AppLike, NotificationFactory, OverlayLike, TrayLike, WindowLike } from './shell-ports';

const LABELS: Readonly<
  Record<DesktopLanguage, { show: string; quit: string; unread: (n: number) => string }>
> = {
  'zh-CN': { show: '显示主界面', quit: '退出', unread: (n) => `${n} 条未读消息` },
  'en-US': {
    show: 'Show TeamIM',
    quit: 'Quit',
    unread: (n) => `${n} unread message${n === 1 ? '' : 's'}`,
  },
};

export const PRODUCT_NAME = 'TeamIM';

/** Tray icon: Show and Quit, and the unread count in the tooltip and the badge or taskbar overlay. */
export class TrayController {
  private unread = 0;

  constructor(
    private readonly tray: TrayLike,
    private readonly app: AppLike,
    private readonly overlay: OverlayLike | undefined,
    private readonly language: DesktopLanguage,
    private readonly actions: { readonly show: () => void; readonly quit: () => void },
  ) {
    const labels = LABELS[language];
    tray.setContextMenu([
      { label: labels.show, click: actions.show },
      { label: labels.quit, click: actions.quit },
    ]);
    tray.onClick(actions.show);
    tray.setToolTip(PRODUCT_NAME);
  }

  get unreadCount(): number {
    return this.unread;
  }

  setUnread(count: number): void {
    this.unread = count;
    const labels = LABELS[this.language];
    this.tray.setToolTip(count > 0 ? `${PRODUCT_NAME} – ${labels.unread(count)}` : PRODUCT_NAME);
    this.app.setBadgeCount(count);
    this.overlay?.setOverlayCount(count);
  }
}

export interface MessageNotice {
  readonly conversationId: string;
  readonly title: string;
  readonly body: string;
}

/**
 * Desktop notifications for new messages, only while the window is hidden or minimized (a visible
 * window shows the message itself). Clicking one brings the window back and opens the conversation.
 */
export class MessageNotifications {
  constructor(
    private readonly window: WindowLike,
    private readonly factory: NotificationFactory,
    private readonly reveal: () => void,
  ) {}

  /** Returns whether a notification was shown. */
  notify(notice: MessageNotice): boolean {
    const hidden = !this.window.isVisible() || this.window.isMinimized();
    if (!hidden || !this.factory.isSupported()) return false;
    this.factory.show({ title: notice.title, body: notice.body }, () => {
      this.reveal();
      this.window.send('notification:clicked', notice.conversationId);
    });
    return true;
  }
}
