import { Subscription, timer } from 'rxjs';
import {
  MeetingState,
  meetingPlannedEnd,
  meetingStateAt,
  rememberMeetingReminded,
  remindedMeetingsStorageKey,
  translate,
  wasMeetingReminded,
  type MeetingCardData,
} from '@teamim/domain';
import type { MessageNotificationService } from '../notifications/message-notifications.service';
import type { Clock } from '../ports/clock.port';
import type { LocalStore } from '../ports/key-value-store.port';
import type { Notifier } from '../ports/notifier.port';
import type { CurrentUser } from '../session/current-user';
import type { SettingsStore } from '../settings/settings.store';
import type { KnownCard } from './meeting-ledger';
import type { MeetingService } from './meeting.service';

/** A reminder still counts within this long after the start (a card seen just late, a page reloaded). */
const MEETING_REMINDER_GRACE_MS = 60_000;

/**
 * The reminder at a scheduled meeting's start for each meeting the user is invited to: a toast in the
 * app and a notice through the new-message notices (where they are on and the page is hidden). Once
 * per meeting on a device: the reminded meetings are kept per user in local storage, so signing in
 * again or a second tab does not remind again. None for a meeting cancelled, ended or already joined.
 */
export class MeetingReminders {
  private readonly subscriptions = new Subscription();
  private readonly timers = new Map<string, Subscription>();
  private activeMeetingID: string | undefined;

  constructor(
    private readonly meetings: MeetingService,
    private readonly notices: MessageNotificationService,
    private readonly settings: SettingsStore,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly store: LocalStore,
  ) {
    this.subscriptions.add(meetings.cards$.subscribe((known) => this.watch(known)));
    this.subscriptions.add(
      meetings.active$.subscribe((active) => (this.activeMeetingID = active?.meeting.meetingID)),
    );
  }

  private isInvited(card: MeetingCardData): boolean {
    const self = this.currentUser.id();
    // A card without people picked belongs to the group it is in, and the user saw it there.
    return card.inviteeUserIDs.length === 0 || card.hostUserID === self || card.inviteeUserIDs.includes(self);
  }

  private watch({ card, conversationID }: KnownCard): void {
    const { meetingID } = card;
    if (card.kind !== 'scheduled' || !this.isInvited(card)) return;
    if (this.timers.has(meetingID) || this.wasReminded(meetingID)) return;
    const meeting = this.meetings.meeting(meetingID);
    const start = meeting?.startTime ?? card.startTime;
    if (this.clock.now() >= start + MEETING_REMINDER_GRACE_MS) return;
    const due = Math.max(0, start - this.clock.now());
    const wait = timer(due, this.clock.scheduler).subscribe(() => {
      this.timers.delete(meetingID);
      this.remind(meetingID, conversationID);
    });
    this.timers.set(meetingID, wait);
  }

  private remind(meetingID: string, conversationID: string): void {
    const meeting = this.meetings.meeting(meetingID);
    if (meeting === undefined) return;
    const now = this.clock.now();
    // An edit may have moved the start: wait for the new one.
    if (now < meeting.startTime) {
      this.watch({ card: { customType: 206, ...meeting }, conversationID });
      return;
    }
    const state = meetingStateAt(meeting, now);
    if (state === MeetingState.Cancelled || state === MeetingState.Finished) return;
    // Read again at the start: another tab of the same browser may have just reminded.
    if (this.activeMeetingID === meetingID || this.wasReminded(meetingID)) return;
    const key = remindedMeetingsStorageKey(this.currentUser.id());
    this.store.set(
      key,
      rememberMeetingReminded(this.store.get(key), meetingID, meetingPlannedEnd(meeting), now),
    );
    const { locale } = this.settings.snapshot;
    this.notifier.notify({ level: 'info', key: 'toast.meetingStarting', params: { title: meeting.title } });
    void this.notices.showNotice({
      conversationID,
      title: translate(locale, 'meeting.reminder.title'),
      body: translate(locale, 'toast.meetingStarting', { title: meeting.title }),
    });
  }

  private wasReminded(meetingID: string): boolean {
    return wasMeetingReminded(this.store.get(remindedMeetingsStorageKey(this.currentUser.id())), meetingID);
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
    for (const wait of this.timers.values()) wait.unsubscribe();
    this.timers.clear();
  }
}
