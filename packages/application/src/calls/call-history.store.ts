import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import {
  buildCallHistory,
  callHistorySeenStorageKey,
  ContentType,
  customPayloadOf,
  HANDLED_ELSEWHERE_KEPT,
  handledElsewhereStorageKey,
  parseHandledElsewhere,
  type CallHistoryEntry,
  type Message,
} from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { LocalStore } from '../ports/key-value-store.port';
import type { Logger } from '../ports/logger.port';
import type { MessagesGateway } from '../ports/messages.port';
import type { CurrentUser } from '../session/current-user';
import { attempt } from '../shared/remote-error';
import type { CallService } from './call.service';
import type { CallRecorder } from './call-recorder';

/** The most custom messages the history reads from the device (records, cards, updates, red packets). */
export const CALL_HISTORY_READ_LIMIT = 500;

export interface CallHistoryState {
  /** Newest first. */
  readonly entries: readonly CallHistoryEntry[];
  /** The device's messages have been read once. */
  readonly loaded: boolean;
  /** When the user last looked at the history (ms); missed entries after it make the badge. */
  readonly seenAt: number;
}

function isHistoryMessage(message: Message): boolean {
  const kind = customPayloadOf(message)?.kind;
  return kind === 'callRecord' || kind === 'meetingCard' || kind === 'meetingUpdate';
}

/**
 * Every call and meeting of the user, built from the call records and meeting cards the device holds
 * (nothing of ours on the server): read when the history is opened (not after each sync: reading
 * histories while the SDK syncs makes its worker insert pulled rows twice), kept up to date by the messages that arrive and
 * the records this device sends. A call that stopped ringing here because another device of the user
 * took it is remembered by its room, so its record reads "handled on another device" on this device.
 */
export class CallHistoryStore {
  private readonly messages = new Map<string, Message>();
  private readonly handledElsewhere: string[];
  private readonly state = new BehaviorSubject<CallHistoryState>({ entries: [], loaded: false, seenAt: 0 });
  private readonly subscriptions = new Subscription();
  readonly state$: Observable<CallHistoryState> = this.state.asObservable();

  constructor(
    private readonly gateway: MessagesGateway,
    calls: CallService,
    recorder: CallRecorder,
    private readonly currentUser: CurrentUser,
    private readonly store: LocalStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    const userID = currentUser.id();
    this.handledElsewhere = [...parseHandledElsewhere(store.get(handledElsewhereStorageKey(userID)))];
    const seen = Number(store.get(callHistorySeenStorageKey(userID)) ?? 0);
    this.state.next({ ...this.state.value, seenAt: Number.isFinite(seen) ? seen : 0 });
    this.subscriptions.add(
      gateway.events$.subscribe((event) => {
        if (event.type === 'received') this.add(event.messages);
      }),
    );
    this.subscriptions.add(recorder.recorded$.subscribe((message) => this.add([message])));
    this.subscriptions.add(
      calls.ended$.subscribe((ended) => {
        if (ended.reason === 'handledElsewhere') this.rememberHandledElsewhere(ended.roomID);
      }),
    );
  }

  get snapshot(): CallHistoryState {
    return this.state.value;
  }

  /** Reads the device's records and cards again. */
  async refresh(): Promise<void> {
    const read = await attempt(() =>
      this.gateway.searchLocalByType(ContentType.Custom, CALL_HISTORY_READ_LIMIT),
    );
    if (this.subscriptions.closed) return;
    if (!read.ok) {
      this.logger.warn('call history not read', { code: read.error.code });
      return;
    }
    this.add(read.value, true);
  }

  /** The user looks at the history now: the badge starts counting from here. */
  markSeen(): void {
    const seenAt = this.clock.now();
    this.store.set(callHistorySeenStorageKey(this.currentUser.id()), String(seenAt));
    this.state.next({ ...this.state.value, seenAt });
  }

  private rememberHandledElsewhere(roomID: string): void {
    if (this.handledElsewhere.includes(roomID)) return;
    this.handledElsewhere.push(roomID);
    this.handledElsewhere.splice(0, Math.max(0, this.handledElsewhere.length - HANDLED_ELSEWHERE_KEPT));
    this.store.set(handledElsewhereStorageKey(this.currentUser.id()), JSON.stringify(this.handledElsewhere));
    this.rebuild(this.state.value.loaded);
  }

  private add(messages: readonly Message[], loaded = this.state.value.loaded): void {
    const relevant = messages.filter(isHistoryMessage);
    for (const message of relevant) this.messages.set(message.clientMsgID, message);
    if (relevant.length > 0 || loaded !== this.state.value.loaded) this.rebuild(loaded);
  }

  private rebuild(loaded: boolean): void {
    const entries = buildCallHistory([...this.messages.values()], {
      selfUserID: this.currentUser.id(),
      handledElsewhere: new Set(this.handledElsewhere),
      now: this.clock.now(),
    });
    this.state.next({ ...this.state.value, entries, loaded });
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
    this.state.complete();
  }
}
