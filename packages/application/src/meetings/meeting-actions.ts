import { firstValueFrom, timer } from 'rxjs';
import {
  buildMeetingCardData,
  buildMeetingUpdateData,
  canJoinMeeting,
  canResendMessage,
  err,
  foldMeeting,
  meetingEndPostDelay,
  meetingRoomID,
  meetingStateAt,
  MeetingState,
  MessageStatus,
  ok,
  recoveredMeetingEnd,
  SessionType,
  validateMeetingForm,
  type Conversation,
  type Meeting,
  type MeetingCardData,
  type MeetingForm,
  type MeetingStayRecord,
  type MeetingUpdateData,
  type Message,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';
import type { ChatStore } from '../messages/chat.store';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { Logger } from '../ports/logger.port';
import { sendTargetOf, type MessagesGateway } from '../ports/messages.port';
import type { Clock } from '../ports/clock.port';
import type { CurrentUser } from '../session/current-user';
import { stateFailure, type AppError } from '../shared/app-error';
import { attempt } from '../shared/remote-error';
import type { MeetingLauncher, MeetingLeft } from './meeting-launcher';
import type { MeetingLedger } from './meeting-ledger';

/** Who a new meeting is for: the group chat it is posted in, or people picked one by one. */
export type MeetingAudience =
  | { readonly kind: 'conversation'; readonly conversation: Conversation }
  | { readonly kind: 'people'; readonly userIDs: readonly string[] };

/** A quick meeting runs for up to an hour as far as its card says; it ends when its room does. */
const QUICK_MEETING_MINUTES = 60;

const notAllowed = (reason: string): AppError => stateFailure(reason);

/** How far back a next session reads a conversation for the card of a meeting it recovers the end of. */
const RECOVERY_PAGES = 5;
const RECOVERY_PAGE_SIZE = 100;

/** What the actions work with: the session's stores and ports, and what it has seen of each meeting. */
interface MeetingActionsContext {
  readonly chat: ChatStore;
  readonly conversations: ConversationStore;
  readonly gateway: ConversationsGateway;
  readonly launcher: MeetingLauncher;
  readonly ledger: MeetingLedger;
  readonly messages: MessagesGateway;
  readonly currentUser: CurrentUser;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * What the user does with meetings, as posts of cards and updates (MeetingService's actions). A chunk of
 * its own, loaded on the first action: the conversation list never needs it.
 */
export class MeetingActions {
  /** Meetings whose end this device has posted: a second leave report must not post it again. */
  private readonly endPosted = new Set<string>();
  private readonly chat: ChatStore;
  private readonly conversations: ConversationStore;
  private readonly gateway: ConversationsGateway;
  private readonly launcher: MeetingLauncher;
  private readonly ledger: MeetingLedger;
  private readonly messages: MessagesGateway;
  private readonly currentUser: CurrentUser;
  private readonly ids: IdGenerator;
  private readonly clock: Clock;
  private readonly logger: Logger;

  constructor(context: MeetingActionsContext) {
    ({
      chat: this.chat,
      conversations: this.conversations,
      gateway: this.gateway,
      launcher: this.launcher,
      ledger: this.ledger,
      messages: this.messages,
      currentUser: this.currentUser,
      ids: this.ids,
      clock: this.clock,
      logger: this.logger,
    } = context);
  }

  /**
   * A meeting starting now: the own user joins its room as its card goes to the audience, so the meeting
   * view opens at the click rather than after the server took the card. A card that cannot be posted
   * withdraws the join: nobody was told of the meeting, so its room is left without a word.
   */
  async quick(audience: MeetingAudience, title: string): Promise<Result<Meeting, AppError>> {
    const targets = await this.audienceConversations(audience);
    if (!targets.ok) return targets;
    const meetingID = this.ids.next();
    const card: Omit<MeetingCardData, 'customType'> = {
      meetingID,
      roomID: meetingRoomID(meetingID),
      kind: 'quick',
      title: title.trim(),
      hostUserID: this.currentUser.id(),
      startTime: this.clock.now(),
      durationMinutes: QUICK_MEETING_MINUTES,
      description: '',
      inviteeUserIDs: audience.kind === 'people' ? [...new Set(audience.userIDs)] : [],
    };
    const meeting = foldMeeting({ customType: 206, ...card }, []);
    const request = { meeting, conversationID: targets.value[0]!.conversationID };
    const joining = this.launcher.join(request);
    const posted = await this.postCard(card, targets.value);
    if (!posted.ok) {
      this.launcher.withdraw(request);
      await joining;
      return posted;
    }
    const joined = await joining;
    return joined.ok ? ok(meeting) : joined;
  }

  /** A meeting for later: the form is checked (domain rules), then its card goes to the audience. */
  async schedule(form: MeetingForm, audience: MeetingAudience): Promise<Result<Meeting, AppError>> {
    const valid = validateMeetingForm(form, this.clock.now());
    if (!valid.ok) return err(valid.error[0]!);
    const meetingID = this.ids.next();
    const card: Omit<MeetingCardData, 'customType'> = {
      meetingID,
      roomID: meetingRoomID(meetingID),
      kind: 'scheduled',
      hostUserID: this.currentUser.id(),
      ...valid.value,
      inviteeUserIDs: audience.kind === 'people' ? valid.value.inviteeUserIDs : [],
    };
    const targets = await this.audienceConversations(audience);
    if (!targets.ok) return targets;
    const posted = await this.postCard(card, targets.value);
    return posted.ok ? ok(foldMeeting({ customType: 206, ...card }, [])) : posted;
  }

  /** The host changes a meeting that has not begun; every conversation the card went to is told. */
  async edit(meetingID: string, conversationID: string, form: MeetingForm): Promise<Result<void, AppError>> {
    const meeting = this.hostOnly(meetingID);
    if (!meeting.ok) return meeting;
    const valid = validateMeetingForm(form, this.clock.now(), meeting.value.startTime);
    if (!valid.ok) return err(valid.error[0]!);
    const { title, startTime, durationMinutes, description } = valid.value;
    return this.postUpdate(meeting.value, conversationID, {
      action: 'edited',
      title,
      startTime,
      durationMinutes,
      description,
    });
  }

  /** The host cancels a meeting that has not begun. */
  async cancel(meetingID: string, conversationID: string): Promise<Result<void, AppError>> {
    const meeting = this.hostOnly(meetingID);
    if (!meeting.ok) return meeting;
    if (meeting.value.startedAt !== undefined) return err(notAllowed('the meeting has begun'));
    return this.postUpdate(meeting.value, conversationID, { action: 'cancelled' });
  }

  /**
   * Joins a meeting's room: anyone it is for from its start time or once begun, the host also before
   * (starting it early). The first to join a scheduled meeting posts that it started.
   */
  async join(meetingID: string, conversationID: string): Promise<Result<void, AppError>> {
    const meeting = this.ledger.meeting(meetingID);
    if (meeting === undefined) return err(stateFailure('unknown meeting'));
    const now = this.clock.now();
    const isHost = meeting.hostUserID === this.currentUser.id();
    const state = meetingStateAt(meeting, now);
    const open = canJoinMeeting(meeting, now) || (isHost && state === MeetingState.NotStarted);
    if (!open) return err(notAllowed(`the meeting is ${state}`));
    if (meeting.startedAt === undefined) {
      const started = await this.postUpdate(meeting, conversationID, { action: 'started' });
      if (!started.ok) return started;
    }
    const current = this.ledger.meeting(meetingID) ?? meeting;
    return this.launcher.join({ meeting: current, conversationID });
  }

  private hostOnly(meetingID: string): Result<Meeting, AppError> {
    const meeting = this.ledger.meeting(meetingID);
    if (meeting === undefined) return err(stateFailure('unknown meeting'));
    if (meeting.hostUserID !== this.currentUser.id()) return err(notAllowed('only the host may'));
    const state = meetingStateAt(meeting, this.clock.now());
    if (state === MeetingState.Finished || state === MeetingState.Cancelled) {
      return err(notAllowed(`the meeting is ${state}`));
    }
    return ok(meeting);
  }

  /**
   * Posts the end once: by the host when it ended the meeting for everyone, else by the last to leave.
   * Another device's end, already seen, is not repeated.
   */
  async onLeft(left: MeetingLeft): Promise<void> {
    const self = this.currentUser.id();
    const known = this.ledger.meeting(left.meetingID);
    if (known === undefined) {
      this.logger.warn('meeting left before its card was seen', { meetingID: left.meetingID });
      return;
    }
    const posts = left.endedForAll ? known.hostUserID === self : left.lastToLeave;
    if (!posts) return;
    // Others that left together may each have found nobody staying: one at a time, each next one only
    // if no end has reached it by its turn.
    const delay = left.endedForAll ? 0 : meetingEndPostDelay(self, left.coLeavers);
    if (delay > 0) await firstValueFrom(timer(delay, this.clock.scheduler));
    const meeting = this.ledger.meeting(left.meetingID) ?? known;
    if (meeting.endedAt !== undefined || meeting.cancelled || this.endPosted.has(meeting.meetingID)) {
      return;
    }
    this.endPosted.add(meeting.meetingID);
    const startedAt = Math.min(meeting.startedAt ?? left.joinedAt, left.joinedAt);
    const durationSeconds = Math.max(0, Math.round((left.leftAt - startedAt) / 1000));
    const participantUserIDs = [...new Set([...left.participantUserIDs, self])];
    const ended = await this.postUpdate(meeting, left.conversationID, {
      action: 'ended',
      participantUserIDs,
      durationSeconds,
    });
    if (!ended.ok) this.logger.warn('meeting end not posted', { meetingID: meeting.meetingID });
  }

  /**
   * Posts the end of a meeting a previous session's page never left, when its user was alone in the
   * room then and nobody has posted one since (the domain's `recoveredMeetingEnd`), at the time its
   * record was last written. The conversation is read back to the card first: this session has seen
   * nothing of the meeting yet.
   */
  async recover(record: MeetingStayRecord): Promise<Result<void, AppError>> {
    if (record.others !== 0) return ok(undefined);
    const read = await this.readBackTo(record.conversationID, record.meetingID);
    if (!read.ok) return read;
    const meeting = this.ledger.meeting(record.meetingID);
    const end = recoveredMeetingEnd(record, meeting, this.currentUser.id());
    if (meeting === undefined || end === undefined || this.endPosted.has(meeting.meetingID))
      return ok(undefined);
    this.endPosted.add(meeting.meetingID);
    const { at, participantUserIDs, durationSeconds } = end;
    return this.postUpdate(
      meeting,
      record.conversationID,
      { action: 'ended', participantUserIDs, durationSeconds },
      at,
    );
  }

  /** Reads a conversation from its newest message back to a meeting's card (a few pages at most). */
  private async readBackTo(conversationID: string, meetingID: string): Promise<Result<void, AppError>> {
    let start = '';
    for (let page = 0; page < RECOVERY_PAGES; page += 1) {
      const read = await attempt(() => this.messages.getHistory(conversationID, start, RECOVERY_PAGE_SIZE));
      if (!read.ok) return read;
      this.ledger.learnAll(read.value.messages, this.currentUser.id());
      const oldest = read.value.messages[0];
      if (this.ledger.meeting(meetingID) !== undefined || read.value.isEnd || oldest === undefined) break;
      start = oldest.clientMsgID;
    }
    return ok(undefined);
  }

  /**
   * Posts the card to each conversation of the audience. When one cannot take it, the meeting is off, and
   * each chat it was posted to is told so, the failing one included: the SDK keeps a frame it could not
   * send and sends it after a reconnect, so that card may still arrive, and its call-off, sent behind it,
   * then arrives with it. Nowhere is a card left open for a meeting that never ran.
   */
  private async postCard(
    card: Omit<MeetingCardData, 'customType'>,
    targets: readonly Conversation[],
  ): Promise<Result<void, AppError>> {
    const data = buildMeetingCardData(card);
    for (const [index, conversation] of targets.entries()) {
      const sent = await this.post(data, card.title, conversation);
      if (!sent.ok) {
        await this.callOff(card, targets.slice(0, index + 1));
        return sent;
      }
      this.ledger.learn(sent.value, conversation.conversationID);
      this.ledger.postedTo(card.meetingID, conversation);
    }
    return ok(undefined);
  }

  /**
   * A quick meeting, begun by its card, ends at once with nobody in it; a scheduled one is cancelled. Sent
   * past the chat's send path (the failure was told once already), and one that fails too is deleted.
   */
  private async callOff(card: Omit<MeetingCardData, 'customType'>, posted: readonly Conversation[]) {
    const data = buildMeetingUpdateData({
      meetingID: card.meetingID,
      at: this.clock.now(),
      ...(card.kind === 'quick'
        ? { action: 'ended', participantUserIDs: [], durationSeconds: 0 }
        : { action: 'cancelled' }),
    });
    for (const conversation of posted) {
      const { conversationID } = conversation;
      const created = await attempt(() =>
        this.messages.create({ kind: 'custom', data, description: card.title }),
      );
      if (!created.ok) continue;
      const told = await attempt(() => this.messages.send(created.value, sendTargetOf(conversation)));
      if (told.ok) this.ledger.learn(told.value, conversationID);
      else await attempt(() => this.messages.delete(conversationID, created.value.clientMsgID));
    }
  }

  /** Sends a meeting post; one that fails and may not be resent by hand (the domain's rule) is deleted. */
  private async post(
    data: string,
    title: string,
    conversation: Conversation,
  ): Promise<Result<Message, AppError>> {
    const posted = await this.chat.post({ kind: 'custom', data, description: title }, conversation);
    if (!posted.ok) return posted;
    const { message, delivered } = posted.value;
    const sent = await delivered;
    if (!sent.ok && !canResendMessage({ ...message, status: MessageStatus.Failed })) {
      await this.chat.delete(message.clientMsgID, conversation.conversationID);
    }
    return sent;
  }

  /** The conversations a new meeting's card goes to; at least one. */
  private async audienceConversations(
    audience: MeetingAudience,
  ): Promise<Result<readonly Conversation[], AppError>> {
    if (audience.kind === 'conversation') return ok([audience.conversation]);
    const found: Conversation[] = [];
    for (const userID of new Set(audience.userIDs)) {
      const conversation = await attempt(() => this.gateway.getOneConversation(userID, SessionType.Single));
      if (!conversation.ok) return conversation;
      found.push(conversation.value);
    }
    return found.length === 0 ? err(stateFailure('nobody to invite')) : ok(found);
  }

  /**
   * Where an update goes: the host's go to every conversation the card went to (the single chats of the
   * people picked, else the group); anyone else's to the conversation they acted from.
   */
  private async updateTargets(meeting: Meeting, from: string): Promise<readonly Conversation[]> {
    const posted = this.ledger.postedConversations(meeting.meetingID);
    if (meeting.hostUserID === this.currentUser.id()) {
      if (posted.length > 0) return posted;
      if (meeting.inviteeUserIDs.length > 0) {
        const people = await this.audienceConversations({ kind: 'people', userIDs: meeting.inviteeUserIDs });
        if (people.ok) return people.value;
      }
    }
    const own = this.findConversation(from) ?? posted.find((c) => c.conversationID === from);
    return own === undefined ? [] : [own];
  }

  private findConversation(conversationID: string): Conversation | undefined {
    const current = this.conversations.currentConversation;
    if (current?.conversationID === conversationID) return current;
    return this.conversations.snapshot.find((c) => c.conversationID === conversationID);
  }

  private async postUpdate(
    meeting: Meeting,
    from: string,
    change: Omit<MeetingUpdateData, 'customType' | 'meetingID' | 'at'>,
    at = this.clock.now(),
  ): Promise<Result<void, AppError>> {
    const targets = await this.updateTargets(meeting, from);
    if (targets.length === 0) return err(stateFailure('no conversation to post to'));
    const data = buildMeetingUpdateData({ meetingID: meeting.meetingID, at, ...change });
    let failure: AppError | undefined;
    for (const conversation of targets) {
      const sent = await this.post(data, meeting.title, conversation);
      if (sent.ok) this.ledger.learn(sent.value, conversation.conversationID);
      else failure ??= sent.error;
    }
    return failure === undefined ? ok(undefined) : err(failure);
  }
}
