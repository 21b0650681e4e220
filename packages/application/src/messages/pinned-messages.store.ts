import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { ok, type Result } from '@teamim/domain';
import {
  checkCanPinMessage,
  checkCanUnpinMessage,
  pinnedMessagesStorageKey,
  withCustomPayload,
  type Message,
  type PermissionError,
} from '@teamim/domain';
import type { LocalStore } from '../ports/key-value-store.port';
import type { Notifier } from '../ports/notifier.port';

export interface PinnedChange {
  readonly conversationID: string;
  readonly clientMsgID: string;
  readonly pinned: boolean;
}

/** What the pinned banner shows for one conversation. */
export interface PinnedBanner {
  readonly pinned: readonly Message[];
  /** Index of the message shown in the banner. */
  readonly index: number;
}

/**
 * Pinned messages per conversation, kept in local storage under `pinned_message_<conversationID>`
 * as full messages, newest first (spec §3, §4). `banner$` is hot and replays; `changed$` is an event.
 */
export class PinnedMessagesStore {
  private readonly banners = new Map<string, BehaviorSubject<PinnedBanner>>();
  private readonly changed = new Subject<PinnedChange>();
  readonly changed$: Observable<PinnedChange> = this.changed.asObservable();

  constructor(
    private readonly store: LocalStore,
    private readonly notifier: Notifier,
  ) {}

  /** The pinned banner of a conversation. */
  banner$(conversationID: string): Observable<PinnedBanner> {
    return this.subject(conversationID).asObservable();
  }

  list(conversationID: string): readonly Message[] {
    return this.subject(conversationID).value.pinned;
  }

  isPinned(conversationID: string, clientMsgID: string): boolean {
    return this.list(conversationID).some((m) => m.clientMsgID === clientMsgID);
  }

  /** Pins a message of a group conversation (spec §2: only in group sessions; §4: only when not already pinned). */
  pin(conversationID: string, message: Message): Result<void, PermissionError> {
    const allowed = checkCanPinMessage(
      message.sessionType,
      this.isPinned(conversationID, message.clientMsgID),
    );
    if (!allowed.ok) {
      return allowed;
    }
    this.write(conversationID, [message, ...this.list(conversationID)]);
    this.changed.next({ conversationID, clientMsgID: message.clientMsgID, pinned: true });
    this.notifier.notify({ level: 'success', key: 'toast.messagePinned' });
    return ok(undefined);
  }

  unpin(conversationID: string, message: Message): Result<void, PermissionError> {
    const allowed = checkCanUnpinMessage(
      message.sessionType,
      this.isPinned(conversationID, message.clientMsgID),
    );
    if (!allowed.ok) {
      return allowed;
    }
    this.removeSilently(conversationID, message.clientMsgID);
    this.notifier.notify({ level: 'success', key: 'toast.messageUnpinned' });
    return ok(undefined);
  }

  /** Unpins without a toast; used when a pinned message is revoked or deleted. Returns whether it was pinned. */
  removeSilently(conversationID: string, clientMsgID: string): boolean {
    const list = this.list(conversationID);
    if (!list.some((m) => m.clientMsgID === clientMsgID)) {
      return false;
    }
    this.write(
      conversationID,
      list.filter((m) => m.clientMsgID !== clientMsgID),
    );
    this.changed.next({ conversationID, clientMsgID, pinned: false });
    return true;
  }

  /** Clicking the banner shows the next pinned message, wrapping around (spec §2). */
  cycle(conversationID: string): void {
    const subject = this.subject(conversationID);
    const { pinned, index } = subject.value;
    if (pinned.length > 0) {
      subject.next({ pinned, index: (index + 1) % pinned.length });
    }
  }

  private subject(conversationID: string): BehaviorSubject<PinnedBanner> {
    let subject = this.banners.get(conversationID);
    if (subject === undefined) {
      subject = new BehaviorSubject<PinnedBanner>({ pinned: this.read(conversationID), index: 0 });
      this.banners.set(conversationID, subject);
    }
    return subject;
  }

  private read(conversationID: string): readonly Message[] {
    const raw = this.store.get(pinnedMessagesStorageKey(conversationID));
    if (raw === undefined) {
      return [];
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed as Message[]).map(withCustomPayload) : [];
    } catch {
      // A corrupt entry must not break the chat; it is replaced on the next pin.
      return [];
    }
  }

  private write(conversationID: string, pinned: readonly Message[]): void {
    if (pinned.length === 0) {
      this.store.remove(pinnedMessagesStorageKey(conversationID));
    } else {
      this.store.set(pinnedMessagesStorageKey(conversationID), JSON.stringify(pinned));
    }
    const subject = this.subject(conversationID);
    subject.next({ pinned, index: Math.min(subject.value.index, Math.max(0, pinned.length - 1)) });
  }

  dispose(): void {
    for (const banner of this.banners.values()) banner.complete();
    this.changed.complete();
  }
}
