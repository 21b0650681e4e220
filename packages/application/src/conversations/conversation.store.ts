import { BehaviorSubject, Subject, Subscription, type Observable } from 'rxjs';
import {
  ok,
  type Result,
  type SessionType,
  activeSince,
  chatBadgeCount,
  isGroupSession,
  keepUnchanged,
  mergeConversations,
  type Conversation,
  type Group,
  type GroupMember,
  type RecvMsgOpt,
} from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { ConversationEvent, ConversationsGateway } from '../ports/conversations.port';
import type { GroupsGateway } from '../ports/groups.port';
import type { Logger } from '../ports/logger.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import { attemptOrToast } from './open-group-change';
import { OpenGroup } from './open-group';
import { readAllConversations } from './read-all';
import { ReadMarks } from './read-marks';
import { clearMentionMark } from './mention-mark';
import { whenLocal } from './when-local';

/** How many conversations the server's first page holds: a screenful and some scrolling. */
const SERVER_FIRST_PAGE = 100;

/**
 * The conversation list, the current conversation and, for groups, its info and the own membership.
 * State streams are hot and replay; `deleted$` is an event stream.
 */
export class ConversationStore {
  private readonly list = new BehaviorSubject<readonly Conversation[]>([]);
  private readonly current = new BehaviorSubject<Conversation | undefined>(undefined);
  private readonly openGroup: OpenGroup;
  private readonly unread = new BehaviorSubject<number>(0);
  /** The SDK's total unread count, which still counts "do not receive" conversations (chatBadgeCount). */
  private sdkTotal = 0;
  private readonly deleted = new Subject<string>();
  private readonly reads: ReadMarks;
  private readonly subscriptions = new Subscription();
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  /** Counts the full loads started: a read while the SDK syncs stops once one has (it has them all). */
  private loadsStarted = 0;
  /**
   * Conversations the list shows from the server's first page that the SDK has not confirmed yet (by an
   * event, an open, or the full load after its sync). Opening one waits for that: the SDK cannot show
   * the history of a conversation its first sync has not reached.
   */
  private readonly serverOnly = new Set<string>();
  /** A conversation the user opened while it was server-only; it opens once the SDK has it. */
  private pendingSelection: string | undefined;
  /** Opens a server-only conversation from the server's copy of its messages (ChatStore's). */
  private serverOnlyOpener: ((conversation: Conversation) => Promise<boolean>) | undefined;
  private selection = 0;
  private opening:
    { readonly id: string | undefined; readonly selection: number; done: Promise<void> } | undefined;
  private readonly local = new Subject<string>();
  /** Emits the id of a server-only conversation once the SDK has it (its history can be read). */
  readonly local$: Observable<string> = this.local.asObservable();

  readonly conversations$: Observable<readonly Conversation[]> = this.list.asObservable();
  readonly current$: Observable<Conversation | undefined> = this.current.asObservable();
  /** The open group's info; `inGroup` false once the user is no longer a member (OpenGroup). */
  readonly currentGroup$: Observable<Group | undefined>;
  readonly currentMember$: Observable<GroupMember | undefined>;
  /** Total unread count (the chat badge). */
  readonly unreadCount$: Observable<number> = this.unread.asObservable();
  /** Emits the id of a conversation the user deleted. */
  readonly deleted$: Observable<string> = this.deleted.asObservable();

  constructor(
    private readonly gateway: ConversationsGateway,
    groups: GroupsGateway,
    currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
  ) {
    this.openGroup = new OpenGroup(groups, currentUser, notifier, () => this.current.value?.groupID ?? '');
    this.currentGroup$ = this.openGroup.group$;
    this.currentMember$ = this.openGroup.member$;
    this.subscriptions.add(gateway.events$.subscribe((event) => this.onConversationEvent(event)));
    this.subscriptions.add(groups.events$.subscribe((event) => void this.openGroup.onEvent(event)));
    this.reads = new ReadMarks(gateway, logger, clock, this);
  }

  get currentConversation(): Conversation | undefined {
    return this.current.value;
  }

  get currentGroupInfo(): Group | undefined {
    return this.openGroup.groupInfo;
  }

  get currentMemberInfo(): GroupMember | undefined {
    return this.openGroup.memberInfo;
  }

  get snapshot(): readonly Conversation[] {
    return this.list.value;
  }

  /**
   * Loads all conversations, 500 per page while full pages come back, and makes them the list
   * (conversations the SDK no longer has leave it). Use once the SDK's sync is complete.
   */
  async loadConversations(): Promise<Result<readonly Conversation[], RemoteFailure>> {
    this.loadsStarted += 1;
    const all = await readAllConversations(this.gateway, this.notifier, { keep: this.keepShown });
    if (!all.ok) return all;
    const confirmed = [...this.serverOnly];
    this.serverOnly.clear();
    this.openGroup.markSynced();
    this.list.next(mergeConversations(all.value));
    this.updateBadge();
    // markSynced has read the open group again already.
    this.confirmLocal(confirmed, false);
    this.openPendingSelection();
    return ok(this.list.value);
  }

  /**
   * Reads the SDK's conversations while its sync may still be running and merges them into the list
   * without dropping any entry: the SDK's local database fills in steps (its first sync after an install
   * reports no conversation events until the very end), so a partial read must not hide what the list
   * already shows. An entry the list holds with newer activity than the SDK's copy keeps the list's copy.
   * Calls while a read runs are coalesced into one more read after it.
   */
  refreshConversations(): Promise<void> {
    if (this.refreshing !== undefined) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      // The full load after the sync reads every conversation again: a read still under way beside it
      // would hold another copy of them all, for nothing.
      const loads = this.loadsStarted;
      const superseded = () => this.loadsStarted !== loads;
      do {
        this.refreshAgain = false;
        const all = await readAllConversations(this.gateway, this.notifier, {
          keep: this.keepShown,
          stop: superseded,
        });
        if (all.ok) {
          const changed = activeSince(this.list.value, all.value, 'notOlder');
          this.list.next(mergeConversations(this.list.value, changed));
        }
      } while (this.refreshAgain && !superseded());
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Shows the server's first page of the user's conversations (pinned, then newest) until the local
   * store has them: after a fresh install the SDK fills its database for many seconds before it reports
   * anything. Entries the list already holds with the same or newer activity are kept; a failure is only
   * logged (the SDK's list follows anyway).
   */
  async loadServerFirstPage(userID: string): Promise<void> {
    const page = await attempt(() => this.gateway.getServerFirstPage(userID, SERVER_FIRST_PAGE));
    if (!page.ok) {
      this.logger.warn('server first page failed', { code: page.error.code });
      return;
    }
    const added = activeSince(this.list.value, page.value, 'newer');
    for (const conversation of added) this.serverOnly.add(conversation.conversationID);
    this.list.next(mergeConversations(this.list.value, added));
  }

  async loadUnreadCount(): Promise<Result<number, RemoteFailure>> {
    const result = await attempt(() => this.gateway.getTotalUnread());
    if (result.ok) this.setSdkTotal(result.value);
    return result;
  }

  /** Opens the chat with a user or group (finding or creating the conversation), then selects it. */
  async open(sourceID: string, sessionType: SessionType): Promise<Result<Conversation, RemoteFailure>> {
    const result = await attempt(() => this.gateway.getOneConversation(sourceID, sessionType));
    if (!result.ok) return result;
    this.upsert([result.value]);
    await this.select(result.value);
    return result;
  }

  /** Makes a conversation current, marked read (spec §4); a group's info and own membership load. */
  async select(conversation: Conversation | undefined): Promise<void> {
    const id = conversation?.conversationID;
    // The chat view selects again on every list change: a server read under way is not repeated.
    if (this.opening?.id === id && this.opening?.selection === this.selection) return this.opening?.done;
    const selection = ++this.selection;
    const serverOnly = conversation !== undefined && this.serverOnly.has(conversation.conversationID);
    // While the SDK's first sync has not reached it, a conversation opens from the server's copy of
    // its newest messages where the deployment answers them; else it waits for the SDK, as before. Without
    // such a read nothing is awaited: a plain select changes `current` at once (the views rely on it).
    const read = serverOnly ? (this.serverOnlyOpener?.(conversation) ?? Promise.resolve(false)) : undefined;
    if (read !== undefined) this.opening = { id, selection, done: read.then(() => undefined) };
    const opened = read !== undefined && (await read);
    if (this.opening?.selection === selection) this.opening = undefined;
    if (selection !== this.selection) return;
    const waits = serverOnly && !opened && this.serverOnly.has(conversation.conversationID);
    // A conversation that waits is shown as loading until the SDK has it (openPendingSelection).
    this.pendingSelection = waits ? id : undefined;
    this.current.next(waits ? undefined : conversation);
    this.openGroup.reset();
    if (waits) return;
    if (conversation === undefined) return;
    // The SDK cannot mark what its sync has not reached; confirmLocal marks it once it can.
    const reads = serverOnly ? Promise.resolve() : this.reads.mark(conversation.conversationID, true);
    if (!serverOnly) clearMentionMark(this.gateway, this.logger, conversation);
    if (isGroupSession(conversation.conversationType))
      await this.openGroup.refresh(conversation.groupID, serverOnly);
    await reads;
  }

  /** Reads the open group's own membership again (`serverOnly`: quietly, the SDK may not have it yet). */
  refreshOwnMember(groupID: string, serverOnly = false): Promise<void> {
    return this.openGroup.refreshOwnMember(groupID, serverOnly);
  }

  /** Deletes a conversation with its messages; clears the current one if it is the same (spec §4). */
  async delete(conversationID: string): Promise<Result<void, RemoteFailure>> {
    await this.whenLocal(conversationID);
    const result = await attemptOrToast(
      () => this.gateway.deleteConversation(conversationID),
      this.notifier,
      'toast.deleteConversationFailed',
    );
    if (!result.ok) return result;
    this.list.next(this.list.value.filter((c) => c.conversationID !== conversationID));
    if (this.current.value?.conversationID === conversationID) {
      await this.select(undefined);
    }
    this.deleted.next(conversationID);
    return ok(undefined);
  }

  async setPinned(conversationID: string, isPinned: boolean): Promise<Result<void, RemoteFailure>> {
    const key = isPinned ? 'toast.pinConversationFailed' : 'toast.unpinConversationFailed';
    await this.whenLocal(conversationID);
    const result = await attemptOrToast(
      () => this.gateway.setPinned(conversationID, isPinned),
      this.notifier,
      key,
    );
    if (!result.ok) return result;
    this.patchOne(conversationID, { isPinned });
    return ok(undefined);
  }

  async setRecvMsgOpt(conversationID: string, recvMsgOpt: RecvMsgOpt): Promise<Result<void, RemoteFailure>> {
    await this.whenLocal(conversationID);
    const set = () => this.gateway.setRecvMsgOpt(conversationID, recvMsgOpt);
    const result = await attemptOrToast(set, this.notifier, 'toast.recvOptFailed');
    if (!result.ok) return result;
    this.patchOne(conversationID, { recvMsgOpt });
    // The SDK leaves conversations it does not notify about out of its total but reports no new total
    // after this change: the badge would wait for the next message. Ask for it.
    const total = await attempt(() => this.gateway.getTotalUnread());
    if (total.ok) {
      this.setSdkTotal(total.value);
    } else {
      this.logger.warn('reading the total unread failed', { code: total.error.code });
    }
    return ok(undefined);
  }

  /** Keeps composer text as the conversation's draft (blank removes it); failures are only logged. */
  async setDraft(conversationID: string, text: string): Promise<Result<void, RemoteFailure>> {
    await this.whenLocal(conversationID, false);
    const result = await attempt(() => this.gateway.setDraft(conversationID, text));
    if (!result.ok) this.logger.warn('saving a draft failed', { conversationID, code: result.error.code });
    return result;
  }

  /** Marks a conversation read on the server; failures are logged (the next change retries). */
  markAsRead(conversationID: string): Promise<void> {
    return this.reads.mark(conversationID, false);
  }

  async markCurrentAsRead(): Promise<void> {
    const id = this.current.value?.conversationID;
    if (id !== undefined) await this.markAsRead(id);
  }

  private patchOne(conversationID: string, change: Partial<Conversation>): void {
    const found = this.list.value.find((c) => c.conversationID === conversationID);
    if (found !== undefined) {
      this.upsert([{ ...found, ...change }]);
    } else if (this.current.value?.conversationID === conversationID) {
      this.current.next({ ...this.current.value, ...change });
    }
  }

  /** A page as the list's own objects where nothing changed (keepUnchanged), read at each page's arrival. */
  private readonly keepShown = (page: readonly Conversation[]): readonly Conversation[] =>
    keepUnchanged(this.list.value, page);

  isServerOnly(conversationID: string): boolean {
    return this.serverOnly.has(conversationID);
  }

  /** True once the SDK has the conversation (when-local.ts; `tell`: with a toast); false if the session ends. */
  whenLocal(conversationID: string, tell = true): Promise<boolean> {
    return whenLocal(this, tell ? this.notifier : undefined, conversationID);
  }

  /** ChatStore registers how a server-only conversation opens (true: opened from the server). */
  setServerOnlyOpener(opener: (conversation: Conversation) => Promise<boolean>): void {
    this.serverOnlyOpener = opener;
  }

  /**
   * The SDK now has these server-only conversations; the open one takes the SDK's copy (and, unless
   * `readGroup` is false, its group's info and own membership are read again).
   */
  private confirmLocal(conversationIDs: readonly string[], readGroup = true): void {
    for (const id of conversationIDs) {
      const current = this.current.value;
      if (current?.conversationID === id) {
        this.current.next(this.list.value.find((c) => c.conversationID === id) ?? current);
        this.reads.request(id);
        // Its group info and own membership were read before the SDK had them: read them again.
        if (readGroup && isGroupSession(current.conversationType))
          void this.openGroup.refresh(current.groupID);
      }
      this.local.next(id);
    }
  }

  private openPendingSelection(): void {
    const id = this.pendingSelection;
    if (id === undefined || this.serverOnly.has(id)) return;
    const found = this.list.value.find((c) => c.conversationID === id);
    if (found !== undefined) void this.select(found);
  }

  // The SDK's total comes after the conversation changes behind it: recounting on each list change
  // would make the badge dip for a moment on every message.
  private setSdkTotal(total: number): void {
    this.sdkTotal = total;
    this.updateBadge();
  }

  private updateBadge(): void {
    this.unread.next(chatBadgeCount(this.sdkTotal, this.list.value));
  }

  private upsert(changed: readonly Conversation[]): void {
    const confirmed = changed.map((c) => c.conversationID).filter((id) => this.serverOnly.delete(id));
    const before = new Map(this.list.value.map((c) => [c.conversationID, c.recvMsgOpt]));
    this.list.next(mergeConversations(this.list.value, changed));
    // A receive option changed elsewhere (another device) comes without a new total.
    if (changed.some((c) => (before.get(c.conversationID) ?? c.recvMsgOpt) !== c.recvMsgOpt))
      this.updateBadge();
    this.confirmLocal(confirmed);
    this.openPendingSelection();
    const current = this.current.value;
    const updated =
      current === undefined ? undefined : changed.find((c) => c.conversationID === current.conversationID);
    if (updated !== undefined) {
      this.current.next(updated);
      clearMentionMark(this.gateway, this.logger, updated);
      if (updated.unreadCount > 0) {
        // Spec §4: the open conversation is marked read when its unread count changes, debounced 2 s.
        this.reads.request(updated.conversationID);
      }
    }
  }

  private onConversationEvent(event: ConversationEvent): void {
    switch (event.type) {
      case 'conversationChanged':
      case 'newConversation':
        this.upsert(event.conversations);
        return;
      case 'totalUnreadChanged':
        this.setSdkTotal(event.count);
        return;
    }
  }

  dispose(): void {
    this.reads.dispose();
    this.subscriptions.unsubscribe();
    this.local.complete();
  }
}
