import {
  BehaviorSubject,
  combineLatest,
  filter,
  firstValueFrom,
  map,
  of,
  Subscription,
  take,
  timeout,
  type Observable,
} from 'rxjs';
import {
  conversationDisplayName,
  displayName,
  isAppendableIncoming,
  isGroupSession,
  isNotificationMessage,
  messageConversationID,
  messagePreview,
  notifiesNewMessages,
  type Conversation,
  type Message,
} from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';
import type { Clock } from '../ports/clock.port';
import type { Logger } from '../ports/logger.port';
import type { MessageEvent, MessagesGateway } from '../ports/messages.port';
import type {
  MessageNotice,
  MessageNotices,
  NoticePermission,
  PageVisibility,
} from '../ports/message-notices.port';
import type { CurrentUser } from '../session/current-user';
import type { SettingsStore } from '../settings/settings.store';

/** One conversation notifies at most once in this period: a burst of messages is one notice. */
export const NOTICE_CONVERSATION_INTERVAL_MS = 5_000;
/** At most this many notices in {@link NOTICE_WINDOW_MS}, whatever the conversations (a reconnect backlog). */
export const NOTICE_WINDOW_MAX = 3;
export const NOTICE_WINDOW_MS = 10_000;
/** How long a message of a conversation the list does not know yet waits for it (its name, its option). */
export const NOTICE_CONVERSATION_WAIT_MS = 1_000;

export interface NotificationsState {
  /** The switch: on when the user chose so (or, never asked, where the platform needs no permission). */
  readonly enabled: boolean;
  readonly permission: NoticePermission;
}

export type EnableFailure = 'denied' | 'unsupported';

/**
 * New-message notices ("web notifications for new messages while the page is hidden", "desktop
 * notifications while the window is hidden"), as Slack and Element do them: a message from
 * someone else, while the page is hidden, in a conversation that notifies (receive option normal), with
 * the switch on. The title is the sender (one-to-one) or the group; the body the message's preview as
 * the conversation list shows it (groups prefix the sender). A burst is throttled per conversation and
 * overall. Clicking a notice emits its conversation on `opens$`, for the shell to open it.
 */
export class MessageNotificationService {
  private readonly subscriptions = new Subscription();
  private readonly permission: BehaviorSubject<NoticePermission>;
  private readonly lastByConversation = new Map<string, number>();
  private recent: number[] = [];
  readonly state$: Observable<NotificationsState>;
  /** Conversation ids whose notice the user clicked. */
  readonly opens$: Observable<string>;

  constructor(
    private readonly messages: MessagesGateway,
    private readonly conversations: ConversationStore,
    private readonly currentUser: CurrentUser,
    private readonly settings: SettingsStore,
    private readonly notices: MessageNotices,
    private readonly visibility: PageVisibility,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.permission = new BehaviorSubject(notices.permission());
    this.state$ = combineLatest([settings.settings$, this.permission]).pipe(
      map(([app, permission]) => ({ enabled: this.isEnabled(app.notifications, permission), permission })),
    );
    this.opens$ = notices.clicks$;
    this.subscriptions.add(messages.events$.subscribe((event) => void this.onEvent(event)));
  }

  get enabled(): boolean {
    return this.isEnabled(this.settings.snapshot.notifications, this.permission.value);
  }

  private isEnabled(choice: boolean | undefined, permission: NoticePermission): boolean {
    if (permission !== 'granted') return false;
    return choice ?? this.notices.enabledByDefault;
  }

  /**
   * The switch. Turning it on asks for the permission if it was never asked (the only place that asks);
   * a refusal leaves it off and says why.
   */
  async setEnabled(
    on: boolean,
  ): Promise<{ readonly ok: true } | { readonly ok: false; error: EnableFailure }> {
    if (!on) {
      this.settings.setNotifications(false);
      return { ok: true };
    }
    let permission = this.notices.permission();
    if (permission === 'default') {
      permission = await this.notices.requestPermission().catch((): NoticePermission => 'denied');
    }
    this.permission.next(permission);
    if (permission !== 'granted') {
      this.settings.setNotifications(false);
      return { ok: false, error: permission === 'unsupported' ? 'unsupported' : 'denied' };
    }
    this.settings.setNotifications(true);
    return { ok: true };
  }

  private async onEvent(event: MessageEvent): Promise<void> {
    if (event.type !== 'received') return;
    // The platform's permission can change behind the app's back (site settings).
    const permission = this.notices.permission();
    if (permission !== this.permission.value) this.permission.next(permission);
    if (!this.enabled || !this.visibility.isHidden()) return;
    const selfID = this.currentUser.id();
    // The newest message per conversation: a batch (a reconnect) is one notice per conversation.
    const newest = new Map<string, Message>();
    for (const message of event.messages) {
      if (!isNoticeable(message, selfID)) continue;
      newest.set(messageConversationID(message, selfID), message);
    }
    const found = await Promise.all(
      [...newest].map(async ([id, message]) => [id, message, await this.findConversation(id)] as const),
    );
    for (const [conversationID, message, conversation] of found) {
      if (conversation !== undefined && !notifiesNewMessages(conversation)) continue;
      if (!this.takeSlot(conversationID)) continue;
      const notice = this.noticeFor(conversationID, message, conversation);
      await this.notices.show(notice).catch((error: unknown) => {
        this.logger.warn('showing a message notice failed', { error: String(error) });
        return false;
      });
    }
  }

  /**
   * A notice of the app's own (a meeting's reminder) through the same path as new messages: shown where
   * notices are on and the page is hidden (a visible page has its own toast); resolves whether it was.
   */
  async showNotice(notice: MessageNotice): Promise<boolean> {
    if (!this.enabled || !this.visibility.isHidden()) return false;
    return this.notices.show(notice).catch((error: unknown) => {
      this.logger.warn('showing a notice failed', { error: String(error) });
      return false;
    });
  }

  /** The throttle: per conversation, then overall; taking a slot counts it. */
  private takeSlot(conversationID: string): boolean {
    const now = this.clock.now();
    const last = this.lastByConversation.get(conversationID);
    if (last !== undefined && now - last < NOTICE_CONVERSATION_INTERVAL_MS) return false;
    this.recent = this.recent.filter((at) => now - at < NOTICE_WINDOW_MS);
    if (this.recent.length >= NOTICE_WINDOW_MAX) return false;
    this.recent.push(now);
    this.lastByConversation.set(conversationID, now);
    return true;
  }

  /** The list's copy, waiting briefly for a conversation the message has just created. */
  private findConversation(conversationID: string): Promise<Conversation | undefined> {
    const find = (list: readonly Conversation[]) => list.find((c) => c.conversationID === conversationID);
    const known = find(this.conversations.snapshot);
    if (known !== undefined) return Promise.resolve(known);
    return firstValueFrom(
      this.conversations.conversations$.pipe(
        map(find),
        filter((found): found is Conversation => found !== undefined),
        take(1),
        timeout({
          first: NOTICE_CONVERSATION_WAIT_MS,
          scheduler: this.clock.scheduler,
          with: () => of(undefined),
        }),
      ),
      { defaultValue: undefined },
    );
  }

  private noticeFor(
    conversationID: string,
    message: Message,
    conversation: Conversation | undefined,
  ): MessageNotice {
    const naming = { locale: this.settings.snapshot.locale, selfUserID: this.currentUser.id() };
    const sender = displayName({ userID: message.sendID, nickname: message.senderNickname }, naming);
    const preview = messagePreview(message, naming);
    if (isGroupSession(message.sessionType)) {
      const group = conversation === undefined ? message.groupID : conversationDisplayName(conversation);
      return { conversationID, title: group, body: `${sender}: ${preview}` };
    }
    // The list's name of a one-to-one chat is the friend's remark where there is one.
    const title = conversation === undefined ? sender : conversationDisplayName(conversation);
    return { conversationID, title, body: preview };
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
    this.permission.complete();
  }
}

/** Someone else's message that a person reads (not typing, revoke, call signals or group tips). */
export function isNoticeable(message: Message, selfUserID: string): boolean {
  return (
    message.sendID !== selfUserID &&
    message.sendID !== '' &&
    isAppendableIncoming(message) &&
    !isNotificationMessage(message) &&
    message.contentType < 1000
  );
}
