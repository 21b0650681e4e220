import { BehaviorSubject, Subscription, timer, type Observable } from 'rxjs';
import {
  canResendMessage,
  checkCanRevoke,
  classifyServerError,
  err,
  isAppendableIncoming,
  isMessageForConversation,
  isWithinResumeSuppression,
  MessageStatus,
  ok,
  orderMessages,
  PAGING,
  TIMINGS_MS,
  validateMessageText,
  type Conversation,
  type Message,
  type Result,
} from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { MessagesGateway } from '../ports/messages.port';
import { sendTargetOf, type MessageDraft, type MessageEvent } from '../ports/messages.port';
import type { Notifier } from '../ports/notifier.port';
import { stateFailure, type AppError } from '../shared/app-error';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { ConversationStore } from '../conversations/conversation.store';
import type { CurrentUser } from '../session/current-user';
import type { PinnedMessagesStore } from './pinned-messages.store';
import { withRevoked } from './revoked-quotes';
import { emptyChat, type ChatState, type Outgoing } from './chat-state';
import { quotable } from './quoted-messages';
import { mergeLocalHistory, sdkCopy, ServerPreview } from './server-preview';
import { checkCanSpeak } from './speak-check';

export type { ChatState, Outgoing } from './chat-state';

/**
 * The message list of the open conversation and the send pipeline (spec §4 "Messages").
 * `state$` is hot and replays the current list.
 */
export class ChatStore {
  private readonly state = new BehaviorSubject<ChatState>(emptyChat);
  private readonly subscriptions = new Subscription();
  private resumedAt: number | undefined;
  private readonly preview: ServerPreview;
  /** The open conversation shows the server's copy until the SDK has it (server-preview.ts). */
  private provisional: string | undefined;
  readonly state$: Observable<ChatState> = this.state.asObservable();

  constructor(
    private readonly gateway: MessagesGateway,
    private readonly conversations: ConversationStore,
    private readonly pins: PinnedMessagesStore,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {
    this.subscriptions.add(gateway.events$.subscribe((event) => this.onMessageEvent(event)));
    this.preview = new ServerPreview(gateway);
    conversations.setServerOnlyOpener((conversation) => this.preview.load(conversation));
    this.subscriptions.add(
      conversations.local$.subscribe((id) => void (id === this.provisional && this.takeLocalHistory(id))),
    );
    this.subscriptions.add(
      conversations.current$.subscribe((conversation) => {
        if (conversation?.conversationID !== this.state.value.conversationID) {
          void this.open(conversation);
        } else if (conversation !== undefined) {
          // The conversation changed (a message went out or came in, e.g. after a reconnect).
          void this.followUnsettled(conversation.conversationID);
        }
      }),
    );
    this.subscriptions.add(
      conversations.deleted$.subscribe((conversationID) => {
        if (this.state.value.conversationID === conversationID) {
          this.state.next(emptyChat);
        }
      }),
    );
  }

  get snapshot(): ChatState {
    return this.state.value;
  }

  private patch(change: Partial<ChatState>): void {
    this.state.next({ ...this.state.value, ...change });
  }

  /** Every change of the list goes through here, so it stays in the conversation's order (domain rule). */
  private setMessages(messages: readonly Message[], change: Partial<ChatState> = {}): void {
    this.patch({ ...change, messages: orderMessages(messages) });
  }

  private async open(conversation: Conversation | undefined): Promise<void> {
    this.state.next({ ...emptyChat, conversationID: conversation?.conversationID });
    this.provisional = undefined;
    if (conversation === undefined) return;
    const id = conversation.conversationID;
    const shown = this.preview.take(id);
    if (shown !== undefined && this.conversations.isServerOnly(id)) {
      this.provisional = id;
      this.setMessages(shown, { serverCopy: true });
      return;
    }
    // Without a message yet (e.g. a friendship just accepted) there is no history, and the SDK has no
    // message table to read it from (its worker logs "no such table"); new messages come as events.
    if (conversation.latestMsg === '') return;
    await this.loadMore();
  }

  /** Loads the next older page of 20 messages (or `count`, to reach a message further back). */
  async loadMore(count: number = PAGING.history): Promise<Result<void, AppError>> {
    const { conversationID, messages } = this.state.value;
    if (conversationID === undefined) return err(stateFailure('no conversation open'));
    // Nothing older until the SDK has the conversation (takeLocalHistory then sets hasMore).
    if (conversationID === this.provisional) return ok(undefined);
    this.patch({ loading: true });
    const start = messages[0]?.clientMsgID ?? '';
    const page = await attempt(() => this.gateway.getHistory(conversationID, start, count));
    if (this.state.value.conversationID !== conversationID) return ok(undefined);
    if (!page.ok) {
      this.patch({ loading: false });
      return page;
    }
    // A page is 20 messages and the history may be 10,000: look the page up, not the history.
    const paged = new Set(page.value.messages.map((m) => m.clientMsgID));
    const known = new Set<string>();
    for (const m of this.state.value.messages) if (paged.has(m.clientMsgID)) known.add(m.clientMsgID);
    const older = page.value.messages.filter((m) => !known.has(m.clientMsgID));
    this.setMessages(older.concat(this.state.value.messages), {
      hasMore: !page.value.isEnd,
      loading: false,
    });
    return ok(undefined);
  }

  /** The SDK now has the conversation shown from the server: its history replaces the server's. */
  private async takeLocalHistory(conversationID: string): Promise<void> {
    this.provisional = undefined;
    const page = await attempt(() => this.gateway.getHistory(conversationID, '', PAGING.history));
    if (this.state.value.conversationID !== conversationID) return;
    // Failing that read, the next page asked for reads the SDK's history from the oldest shown.
    if (!page.ok) return this.patch({ serverCopy: false, hasMore: true });
    const messages = mergeLocalHistory(this.state.value.messages, page.value.messages);
    this.setMessages(messages, { hasMore: !page.value.isEnd, serverCopy: false });
  }

  /** Records that the app came back from the background; incoming messages are ignored for 5 s. */
  appResumed(): void {
    this.resumedAt = this.clock.now();
  }

  /** Sends text, with mentions deduplicated to one per user (spec §5). */
  sendText(text: string, mentionUserIDs: readonly string[] = []): Promise<Result<Message, AppError>> {
    const unique = [...new Set(mentionUserIDs.filter((id) => id !== ''))];
    return this.send(
      unique.length > 0 ? { kind: 'atText', text, atUserIDList: unique } : { kind: 'text', text },
    );
  }

  /** Sends a message and settles with its delivery's outcome (see {@link post}). */
  async send(draft: MessageDraft, to?: Conversation): Promise<Result<Message, AppError>> {
    const posted = await this.post(draft, to);
    return posted.ok ? posted.value.delivered : posted;
  }

  /**
   * The send pipeline (spec §4): the rules (a text is neither blank nor too large, the user may speak),
   * then create, append if the conversation is open, and deliver, which replaces the message with the
   * server's copy or marks it failed. Settles once the message is in the log as sending, or was refused
   * before that; the adapter is entered twice, to create and to send.
   */
  async post(draft: MessageDraft, to?: Conversation): Promise<Result<Outgoing, AppError>> {
    if ('text' in draft) {
      const valid = validateMessageText(draft.text);
      if (!valid.ok) return valid;
    }
    const conversation = to ?? this.conversations.currentConversation;
    if (conversation === undefined) return err(stateFailure('no conversation open'));
    // A message shown from the server's copy during the first sync is quoted as the SDK's copy.
    const ready =
      draft.kind === 'quote'
        ? { ...draft, quoted: quotable(await this.sdkCopy(draft.quoted, conversation.conversationID)) }
        : draft;
    const checked = checkCanSpeak(this.conversations, conversation, () => this.clock.now());
    // Synchronous unless the own membership has to be read first: the list shows a send at once.
    const speak = checked instanceof Promise ? await checked : checked;
    if (!speak.ok) {
      this.notifier.notify({ level: 'warning', key: speak.error.i18nKey });
      return speak;
    }
    const created = await attempt(() => this.gateway.create(ready));
    if (!created.ok) return created;
    if (this.state.value.conversationID === conversation.conversationID) {
      this.setMessages([...this.state.value.messages, created.value]);
    }
    return ok({ message: created.value, delivered: this.deliver(created.value, conversation) });
  }

  /** Sends a failed message again (spec: resend of failed messages). */
  async resend(clientMsgID: string): Promise<Result<Message, AppError>> {
    const failed = this.state.value.messages.find((m) => m.clientMsgID === clientMsgID);
    const conversation = this.conversations.currentConversation;
    // The list is the current conversation's (it follows `current$`), so a failed message in it is too.
    if (failed === undefined || conversation === undefined) {
      return err(stateFailure('message not in the open conversation'));
    }
    if (!canResendMessage(failed)) {
      return err(stateFailure('only failed messages can be resent'));
    }
    const sending = { ...failed, status: MessageStatus.Sending };
    this.replace(sending);
    return this.deliver(sending, conversation);
  }

  private async deliver(message: Message, conversation: Conversation): Promise<Result<Message, AppError>> {
    const { conversationID } = conversation;
    const target = sendTargetOf(conversation);
    const spinner = timer(TIMINGS_MS.sendingSpinnerDelay, this.clock.scheduler).subscribe(() => {
      if (this.state.value.conversationID === conversationID) {
        this.patch({ spinning: new Set([...this.state.value.spinning, message.clientMsgID]) });
      }
    });
    const sent = await attempt(() => this.gateway.send(message, target));
    spinner.unsubscribe();
    this.stopSpinner(message.clientMsgID);
    if (!sent.ok) {
      this.replace({ ...message, status: MessageStatus.Failed });
      // Spec §8 "Sending": known codes have their own toast; others show the server message.
      const display = classifyServerError(sent.error.code, sent.error.message).display;
      this.notifier.notify(
        display.kind === 'i18n'
          ? { level: 'error', key: display.i18nKey }
          : { level: 'error', key: 'toast.accessFailed', message: display.text },
      );
      return sent;
    }
    this.replace(sent.value);
    return sent;
  }

  /**
   * Replaces failed messages of the open conversation with this device's copy when that copy says they
   * were sent after all: the SDK keeps a frame it could not send and sends it after a reconnect, but
   * reports no change of the message to the app.
   */
  private async followUnsettled(conversationID: string): Promise<void> {
    const failed = this.state.value.messages
      .filter((m) => m.status === MessageStatus.Failed)
      .map((m) => m.clientMsgID);
    if (failed.length === 0) return;
    const copies = await attempt(() => this.gateway.findMessages(conversationID, failed));
    if (!copies.ok || this.state.value.conversationID !== conversationID) return;
    for (const copy of copies.value) {
      if (copy.status === MessageStatus.Succeeded) this.replace(copy);
    }
  }

  private stopSpinner(clientMsgID: string): void {
    if (this.state.value.spinning.has(clientMsgID)) {
      const spinning = new Set(this.state.value.spinning);
      spinning.delete(clientMsgID);
      this.patch({ spinning });
    }
  }

  private replace(message: Message): void {
    const messages = this.state.value.messages;
    if (messages.some((m) => m.clientMsgID === message.clientMsgID)) {
      this.setMessages(messages.map((m) => (m.clientMsgID === message.clientMsgID ? message : m)));
    }
  }

  /**
   * Revokes an own message (spec §6 only the sender): it stays in the list as a revoke notice ("you
   * revoked a message", as the other side and a fresh sign-in see it) and is unpinned (spec §4).
   */
  async revoke(clientMsgID: string): Promise<Result<void, AppError>> {
    const { conversationID, messages } = this.state.value;
    const message = messages.find((m) => m.clientMsgID === clientMsgID);
    if (message === undefined || conversationID === undefined) {
      return err(stateFailure('message not in the open conversation'));
    }
    const allowed = checkCanRevoke(message, this.currentUser.id());
    if (!allowed.ok) return allowed;
    // The SDK revokes only what its sync has reached (when-local.ts); nothing once signed out.
    if (!(await this.conversations.whenLocal(conversationID))) return err(stateFailure('session ended'));
    const result = await attempt(() => this.gateway.revoke(conversationID, clientMsgID));
    if (!result.ok) {
      this.notifyFailure(result.error);
      return result;
    }
    this.markRevoked(conversationID, clientMsgID);
    return ok(undefined);
  }

  /** Deletes a message, of the open conversation unless told: removed from the list and unpinned (spec §4). */
  async delete(
    clientMsgID: string,
    conversationID = this.state.value.conversationID,
  ): Promise<Result<void, AppError>> {
    if (conversationID === undefined) return err(stateFailure('no conversation open'));
    if (!(await this.conversations.whenLocal(conversationID))) return err(stateFailure('session ended'));
    const result = await attempt(() => this.gateway.delete(conversationID, clientMsgID));
    if (!result.ok) {
      this.notifyFailure(result.error);
      return result;
    }
    this.removeLocally(conversationID, clientMsgID);
    return ok(undefined);
  }

  /** The SDK's copy of a message shown from the server's, once the SDK has its conversation. */
  async sdkCopy(message: Message, conversationID = this.state.value.conversationID ?? ''): Promise<Message> {
    if (!this.preview.isServerCopy(message.clientMsgID)) return message;
    await this.conversations.whenLocal(conversationID);
    return sdkCopy(this.gateway, conversationID, message);
  }

  /** Updates a message in place (e.g. after a red packet was opened). */
  update(message: Message): void {
    this.replace(message);
  }

  /** The copy toast of spec §8 (the view writes to the clipboard, the platform decides). */
  notifyCopied(succeeded: boolean): void {
    const key = succeeded ? 'toast.copySuccess' : 'toast.copyFailed';
    this.notifier.notify({ level: succeeded ? 'success' : 'error', key });
  }

  private notifyFailure(error: RemoteFailure): void {
    this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: error.message });
  }

  private markRevoked(conversationID: string, clientMsgID: string): void {
    // The original becomes a revoke notice and the quotes of it say so, as the SDK stores them.
    const messages = withRevoked(this.state.value.messages, clientMsgID);
    if (messages !== this.state.value.messages) this.setMessages(messages);
    this.pins.removeSilently(conversationID, clientMsgID);
  }

  private removeLocally(conversationID: string, clientMsgID: string): void {
    this.patch({ messages: this.state.value.messages.filter((m) => m.clientMsgID !== clientMsgID) });
    this.pins.removeSilently(conversationID, clientMsgID);
  }

  private onMessageEvent(event: MessageEvent): void {
    const { conversationID } = this.state.value;
    // Upload progress of a message this device is sending shows on the message.
    if (event.type === 'progress') {
      const sending = this.state.value.messages.find((m) => m.clientMsgID === event.clientMsgID);
      if (sending?.status === MessageStatus.Sending && sending.uploadProgress !== event.progress) {
        this.replace({ ...sending, uploadProgress: event.progress });
      }
      return;
    }
    if (event.type === 'revoked') {
      // Spec §4: a revoke notification replaces the message with a revoke-type message.
      if (event.conversationID === conversationID) {
        this.markRevoked(event.conversationID, event.clientMsgID);
      } else {
        this.pins.removeSilently(event.conversationID, event.clientMsgID);
      }
      return;
    }
    if (event.type === 'typing') return; // The typing indicator's, not the list's.
    const current = this.conversations.currentConversation;
    if (
      conversationID === undefined ||
      current?.conversationID !== conversationID ||
      isWithinResumeSuppression(this.resumedAt, this.clock.now())
    ) {
      return;
    }
    const selfID = this.currentUser.id();
    const incoming = event.messages.filter(
      (m) => isMessageForConversation(m, current, selfID) && isAppendableIncoming(m),
    );
    for (const message of incoming) {
      const exists = this.state.value.messages.some((m) => m.clientMsgID === message.clientMsgID);
      if (exists) {
        // Our own send echoes back on this device; the send pipeline already placed it.
        continue;
      }
      this.setMessages([...this.state.value.messages, message]);
    }
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
  }
}
