import type { Subscription } from 'rxjs';
import { combineLatest, map, Subject, timer, type Observable } from 'rxjs';
import {
  canJoinMeeting,
  collectMeetings,
  displayName,
  err,
  foldMeeting,
  formatCalendarDate,
  formatClock,
  isGroupSession,
  meetingPresumedEndAt,
  meetingStateAt,
  meetingStateText,
  MEETING_LIMITS,
  MeetingState,
  translate,
  type Locale,
  type Meeting,
  type MeetingKind,
  type MeetingThread,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { MeetingJoinRequest } from '../../meetings/meeting-launcher';
import type { MeetingService } from '../../meetings/meeting.service';
import type { ChatStore } from '../../messages/chat.store';
import type { Clock } from '../../ports/clock.port';
import type { CurrentUser } from '../../session/current-user';
import type { CapabilityState } from '../../session/deployment-capabilities';
import type { SettingsStore } from '../../settings/settings.store';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import type { MeetingFormTarget } from './meeting-form.view-model';
import { viewModelFactory } from '../view-model-factory';

/** One meeting card as the chat shows it: its words, its state now, and what the user may do. */
export interface MeetingCardView {
  readonly meetingID: string;
  readonly kind: MeetingKind;
  readonly title: string;
  readonly description: string;
  readonly hostName: string;
  readonly isHost: boolean;
  readonly state: MeetingState;
  /** "Not started", ..., "Finished · 12:05 · 3 took part", "Cancelled". */
  readonly stateText: string;
  /** "2026/1/15 09:30" in the local zone. */
  readonly startText: string;
  /** "30 min". */
  readonly durationText: string;
  readonly startTime: number;
  readonly durationMinutes: number;
  /** Join: anyone it is for, from its start or once begun, unless already in it. */
  readonly canJoin: boolean;
  /** Start: the host, before anyone has begun it (early or at its time). */
  readonly canStart: boolean;
  /** Edit and Cancel: the host, before it has begun. */
  readonly canEdit: boolean;
  readonly canCancel: boolean;
  /** The own user is in this meeting's room (or joining it). */
  readonly joined: boolean;
}

export interface ConversationMeetingsState {
  /** The deployment has a media server: rooms can be joined (else the cards show no buttons). */
  readonly available: boolean;
  /** A group chat: its header offers a quick meeting. */
  readonly isGroup: boolean;
  readonly meetings: Readonly<Record<string, MeetingCardView>>;
  /** The newest meeting in progress here: the chat's banner. */
  readonly inProgress: MeetingCardView | undefined;
}

export interface ConversationMeetingsDeps {
  readonly chat: ChatStore;
  readonly meetings: MeetingService;
  readonly conversations: ConversationStore;
  readonly currentUser: CurrentUser;
  readonly settings: SettingsStore;
  readonly clock: Clock;
  readonly calls$: Observable<CapabilityState>;
}

/**
 * The meetings of one conversation, folded live from its loaded cards and updates, with a clock that
 * turns "not started" into "awaiting start" at the start time; the card, the banner and the header's
 * Start meeting button read it.
 */
export class ConversationMeetingsViewModel extends StateViewModel<ConversationMeetingsState> {
  private threads: ReadonlyMap<string, MeetingThread> = new Map();
  private active: MeetingJoinRequest | undefined;
  private available = false;
  private locale: Locale;
  private readonly ticks = new Subject<void>();
  private nextTick: Subscription | undefined;

  constructor(
    private readonly conversationID: string,
    private readonly deps: ConversationMeetingsDeps,
  ) {
    super({ available: false, isGroup: false, meetings: {}, inProgress: undefined });
    this.locale = deps.settings.snapshot.locale;
    this.own(
      combineLatest([
        deps.chat.state$,
        deps.meetings.active$,
        deps.calls$,
        deps.settings.settings$,
      ]).subscribe(([chat, active, calls, settings]) => {
        if (chat.conversationID === conversationID) this.threads = collectMeetings(chat.messages);
        this.active = active;
        this.available = calls === 'available';
        this.locale = settings.locale;
        this.refresh();
      }),
    );
    this.own(this.ticks.subscribe(() => this.refresh()));
    this.own(() => this.nextTick?.unsubscribe());
  }

  private refresh(): void {
    const now = this.deps.clock.now();
    const meetings: Record<string, MeetingCardView> = {};
    let inProgress: MeetingCardView | undefined;
    let next: number | undefined;
    for (const [meetingID, thread] of this.threads) {
      const meeting = foldMeeting(thread.card, thread.updates);
      const view = this.cardView(meeting, thread, now);
      meetings[meetingID] = view;
      if (
        view.state === MeetingState.InProgress &&
        (inProgress === undefined || view.startTime >= inProgress.startTime)
      ) {
        inProgress = view;
      }
      if (view.state === MeetingState.NotStarted && (next === undefined || meeting.startTime < next)) {
        next = meeting.startTime;
      }
      // The card turns finished by itself once its end is presumed, with nothing posted.
      const presumedEnd = meetingPresumedEndAt(meeting);
      if (presumedEnd !== undefined && presumedEnd > now && (next === undefined || presumedEnd < next)) {
        next = presumedEnd;
      }
    }
    const conversation = this.conversation();
    // A meeting in progress here that the user is not in is the one most likely joined next.
    if (inProgress?.canJoin === true)
      this.deps.meetings.prepareJoin(inProgress.meetingID, conversation?.groupID);
    this.set({
      available: this.available,
      isGroup: conversation !== undefined && isGroupSession(conversation.conversationType),
      meetings,
      inProgress,
    });
    this.nextTick?.unsubscribe();
    this.nextTick =
      next === undefined
        ? undefined
        : timer(next - now, this.deps.clock.scheduler).subscribe(() => this.ticks.next());
  }

  private cardView(meeting: Meeting, thread: MeetingThread, now: number): MeetingCardView {
    const self = this.deps.currentUser.id();
    const naming = { locale: this.locale, selfUserID: self };
    const state = meetingStateAt(meeting, now);
    const isHost = meeting.hostUserID === self;
    const joined = this.active?.meeting.meetingID === meeting.meetingID;
    const notBegun = state === MeetingState.NotStarted || state === MeetingState.AwaitingStart;
    const stateText = meetingStateText(meeting, state);
    const offset = this.deps.clock.utcOffsetMinutes(meeting.startTime);
    const sender = thread.cardMessage;
    return {
      meetingID: meeting.meetingID,
      kind: meeting.kind,
      title: meeting.title,
      description: meeting.description,
      hostName: displayName(
        {
          userID: meeting.hostUserID,
          nickname: sender.sendID === meeting.hostUserID ? sender.senderNickname : '',
        },
        naming,
      ),
      isHost,
      state,
      stateText: translate(this.locale, stateText.key, stateText.params),
      startText: `${formatCalendarDate(meeting.startTime, offset)} ${formatClock(meeting.startTime, offset)}`,
      durationText: translate(this.locale, 'meeting.durationMinutes', { minutes: meeting.durationMinutes }),
      startTime: meeting.startTime,
      durationMinutes: meeting.durationMinutes,
      canJoin: this.available && !joined && canJoinMeeting(meeting, now) && !(isHost && notBegun),
      canStart: this.available && !joined && isHost && notBegun,
      canEdit: isHost && notBegun,
      canCancel: isHost && notBegun,
      joined,
    };
  }

  private conversation() {
    const current = this.deps.conversations.currentConversation;
    if (current?.conversationID === this.conversationID) return current;
    return this.deps.conversations.snapshot.find((c) => c.conversationID === this.conversationID);
  }

  /** What the schedule dialog opened from this group chat's header works on. */
  scheduleTarget(): MeetingFormTarget | undefined {
    const conversation = this.conversation();
    return conversation === undefined
      ? undefined
      : { kind: 'schedule', audience: { kind: 'conversation', conversation } };
  }

  /** Joins (or, for the host, starts) a meeting of this conversation. */
  join(meetingID: string): Promise<Result<void, AppError>> {
    const view = this.state.meetings[meetingID];
    if (view === undefined || !(view.canJoin || view.canStart)) {
      return Promise.resolve(err(stateFailure('the meeting cannot be joined now')));
    }
    return this.deps.meetings.join(meetingID, this.conversationID);
  }

  cancel(meetingID: string): Promise<Result<void, AppError>> {
    if (this.state.meetings[meetingID]?.canCancel !== true) {
      return Promise.resolve(err(stateFailure('the meeting cannot be cancelled')));
    }
    return this.deps.meetings.cancel(meetingID, this.conversationID);
  }

  /** A quick meeting in this group chat, named after the host: its card, then its room. */
  async startQuick(): Promise<Result<void, AppError>> {
    const conversation = this.conversation();
    if (!this.state.available || conversation === undefined || !this.state.isGroup) {
      return err(stateFailure('no quick meeting here'));
    }
    const self = this.deps.currentUser;
    const name = self.selfInfo?.nickname || self.id();
    const title = translate(this.locale, 'meeting.quickTitle', { name }).slice(
      0,
      MEETING_LIMITS.titleMaxLength,
    );
    const started = await this.deps.meetings.quick({ kind: 'conversation', conversation }, title);
    return started.ok ? { ok: true, value: undefined } : started;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const conversationMeetingsViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new ConversationMeetingsViewModel(conversationID, {
      chat: s.chat,
      meetings: s.meetings,
      conversations: s.conversations,
      currentUser: s.currentUser,
      settings: s.settings,
      clock: s.clock,
      calls$: s.capabilities.features$.pipe(map((features) => features.calls)),
    }),
);
