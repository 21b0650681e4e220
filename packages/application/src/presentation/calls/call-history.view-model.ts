import { BehaviorSubject, combineLatest, filter, type Observable } from 'rxjs';
import {
  callHistoryOutcomeText,
  canJoinMeeting,
  err,
  formatRecentTime,
  translate,
  type CallDirection,
  type CallHistoryEntry,
  type CallHistoryOutcome,
  type CallMediaType,
  type Conversation,
  type Locale,
  type Result,
} from '@teamim/domain';
import type { CallHistoryStore } from '../../calls/call-history.store';
import type { CallService } from '../../calls/call.service';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { MeetingLauncher } from '../../meetings/meeting-launcher';
import type { CallMedia } from '../../ports/call-media.port';
import type { Clock } from '../../ports/clock.port';
import type { Notifier } from '../../ports/notifier.port';
import type { CapabilityState } from '../../session/deployment-capabilities';
import type { SettingsStore } from '../../settings/settings.store';
import { stateFailure, type AppError } from '../../shared/app-error';
import { locale$, now$ } from '../chat/conversation-list.view-model';
import { StateViewModel } from '../view-model';
import { canCallHere, startCall } from './call-buttons.view-model';

export type CallHistoryFilter = 'all' | 'missed';

/** What a row's button does. */
export type CallHistoryAction = 'callBack' | 'join' | 'none';

export interface CallHistoryRow {
  readonly id: string;
  readonly kind: 'call' | 'meeting';
  readonly direction: CallDirection;
  /** A call's media; a meeting is always video. */
  readonly mediaType: CallMediaType;
  /** The peer's name as the conversation shows it, or the meeting's title. */
  readonly name: string;
  readonly outcome: CallHistoryOutcome;
  readonly outcomeText: string;
  readonly missed: boolean;
  readonly time: string;
  readonly action: CallHistoryAction;
}

export interface CallHistoryViewState {
  readonly rows: readonly CallHistoryRow[];
  readonly filter: CallHistoryFilter;
  readonly loaded: boolean;
}

export interface CallHistoryViewModelDeps {
  readonly history: CallHistoryStore;
  readonly conversations: ConversationStore;
  readonly settings: SettingsStore;
  readonly clock: Clock;
  readonly calls: CallService;
  readonly notifier: Notifier;
  readonly media: Pick<CallMedia, 'supported'>;
  readonly launcher: MeetingLauncher;
  /** Whether the deployment has calls: no call back where there is no media server. */
  readonly calls$: Observable<CapabilityState>;
}

interface RowContext {
  readonly locale: Locale;
  readonly nowMs: number;
  readonly utcOffsetMinutes: number;
  readonly names: ReadonlyMap<string, string>;
  readonly callsAvailable: boolean;
}

function toRow(entry: CallHistoryEntry, context: RowContext): CallHistoryRow {
  const text = callHistoryOutcomeText(entry);
  const { locale, nowMs, utcOffsetMinutes, callsAvailable } = context;
  let action: CallHistoryAction = 'none';
  if (callsAvailable && entry.kind === 'call') action = 'callBack';
  if (callsAvailable && entry.kind === 'meeting' && canJoinMeeting(entry.meeting, nowMs)) action = 'join';
  return {
    id: entry.id,
    kind: entry.kind,
    direction: entry.direction,
    mediaType: entry.kind === 'call' ? entry.mediaType : 'video',
    name:
      entry.kind === 'call'
        ? (context.names.get(entry.conversationID) ?? entry.peerUserID)
        : entry.meeting.title,
    outcome: entry.outcome,
    outcomeText: translate(locale, text.key, text.params),
    missed: entry.missed,
    time: formatRecentTime(entry.time, { nowMs, utcOffsetMinutes, locale }),
    action,
  };
}

function namesOf(conversations: readonly Conversation[]): ReadonlyMap<string, string> {
  return new Map(conversations.map((c) => [c.conversationID, c.showName]));
}

/**
 * The call history page: every call and meeting, newest first, or only the missed ones; call back and
 * join again. While the page is open the user sees every missed entry, so the badge is cleared.
 */
export class CallHistoryViewModel extends StateViewModel<CallHistoryViewState> {
  private entries: readonly CallHistoryEntry[] = [];
  private readonly shown = new BehaviorSubject<CallHistoryFilter>('all');

  constructor(private readonly deps: CallHistoryViewModelDeps) {
    super({ rows: [], filter: 'all', loaded: false });
    const { history, clock } = deps;
    this.own(
      history.state$
        .pipe(filter((s) => s.entries.some((e) => e.missed && e.time > s.seenAt)))
        .subscribe(() => history.markSeen()),
    );
    this.own(
      combineLatest([
        history.state$,
        deps.conversations.conversations$,
        locale$(deps.settings),
        now$(clock),
        deps.calls$,
        this.shown,
      ]).subscribe(([state, conversations, locale, nowMs, calls, shown]) => {
        this.entries = state.entries;
        const context = {
          locale,
          nowMs,
          utcOffsetMinutes: clock.utcOffsetMinutes(nowMs),
          names: namesOf(conversations),
          callsAvailable: calls === 'available',
        };
        const listed = shown === 'missed' ? state.entries.filter((e) => e.missed) : state.entries;
        this.set({ filter: shown, loaded: state.loaded, rows: listed.map((e) => toRow(e, context)) });
      }),
    );
    this.own(() => this.shown.complete());
    void history.refresh();
  }

  setFilter(next: CallHistoryFilter): void {
    if (next !== this.shown.value) this.shown.next(next);
  }

  /** Calls the peer of a call entry again, with the call's media. */
  callBack(id: string): Promise<Result<void, AppError>> {
    const entry = this.entries.find((e) => e.id === id);
    if (entry?.kind !== 'call') return Promise.resolve(err(stateFailure('no such call')));
    const { calls, notifier, media } = this.deps;
    return startCall(
      calls,
      notifier,
      () => canCallHere(notifier, media.supported()),
      entry.peerUserID,
      entry.mediaType,
    );
  }

  /** Joins a meeting of the history that can still be joined. */
  join(id: string): Promise<Result<void, AppError>> {
    const entry = this.entries.find((e) => e.id === id);
    if (entry?.kind !== 'meeting' || !canJoinMeeting(entry.meeting, this.deps.clock.now())) {
      return Promise.resolve(err(stateFailure('the meeting cannot be joined')));
    }
    return this.deps.launcher.join({ meeting: entry.meeting, conversationID: entry.conversationID });
  }
}
