import { CustomType } from '../entities/custom-message';
import { MEETING_LIMITS, MeetingState } from '../entities/meeting';
import type {
  Meeting,
  MeetingCardData,
  MeetingKind,
  MeetingUpdateAction,
  MeetingUpdateData,
} from '../entities/meeting';

/*
 * Cards and updates are JSON written by any client: each field is checked, and anything out of shape
 * makes the whole message unknown (rendered as an unsupported message), never a half-read meeting.
 */

const KINDS: readonly MeetingKind[] = ['quick', 'scheduled'];
const ACTIONS: readonly MeetingUpdateAction[] = ['started', 'ended', 'cancelled', 'edited'];

function isID(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= 128;
}

function isTime(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

function isDuration(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= MEETING_LIMITS.minDurationMinutes &&
    (value as number) <= MEETING_LIMITS.maxDurationMinutes
  );
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

function idList(value: unknown, max: number): readonly string[] | undefined {
  if (!Array.isArray(value) || value.length > max || !value.every(isID)) return undefined;
  return [...new Set(value)];
}

export function parseMeetingCard(raw: Readonly<Record<string, unknown>>): MeetingCardData | undefined {
  const { meetingID, roomID, kind, title, hostUserID, startTime, durationMinutes, description } = raw;
  const inviteeUserIDs = idList(raw['inviteeUserIDs'], MEETING_LIMITS.maxInvitees);
  const known =
    raw['customType'] === CustomType.MeetingCard &&
    isID(meetingID) &&
    isID(roomID) &&
    (KINDS as readonly unknown[]).includes(kind) &&
    isText(title, MEETING_LIMITS.titleMaxLength) &&
    title.trim() !== '' &&
    isID(hostUserID) &&
    isTime(startTime) &&
    isDuration(durationMinutes) &&
    isText(description, MEETING_LIMITS.descriptionMaxLength) &&
    inviteeUserIDs !== undefined;
  if (!known) return undefined;
  return {
    customType: CustomType.MeetingCard,
    meetingID,
    roomID,
    kind: kind as MeetingKind,
    title,
    hostUserID,
    startTime,
    durationMinutes,
    description,
    inviteeUserIDs,
  };
}

export function parseMeetingUpdate(raw: Readonly<Record<string, unknown>>): MeetingUpdateData | undefined {
  const { meetingID, action, at } = raw;
  if (raw['customType'] !== CustomType.MeetingUpdate || !isID(meetingID) || !isTime(at)) return undefined;
  if (!(ACTIONS as readonly unknown[]).includes(action)) return undefined;
  const base = { customType: CustomType.MeetingUpdate, meetingID, at };
  switch (action as MeetingUpdateAction) {
    case 'started':
    case 'cancelled':
      return { ...base, action: action as MeetingUpdateAction };
    case 'ended': {
      // A room holds far fewer people than a group; the cap only bounds what a hostile card can make us draw.
      const participantUserIDs = idList(raw['participantUserIDs'], 10_000);
      const durationSeconds = raw['durationSeconds'];
      if (participantUserIDs === undefined) return undefined;
      if (!Number.isSafeInteger(durationSeconds) || (durationSeconds as number) < 0) return undefined;
      return { ...base, action: 'ended', participantUserIDs, durationSeconds: durationSeconds as number };
    }
    case 'edited': {
      const { title, startTime, durationMinutes, description } = raw;
      const titleOk = isText(title, MEETING_LIMITS.titleMaxLength) && title.trim() !== '';
      if (!titleOk || !isTime(startTime) || !isDuration(durationMinutes)) return undefined;
      if (!isText(description, MEETING_LIMITS.descriptionMaxLength)) return undefined;
      return { ...base, action: 'edited', title, startTime, durationMinutes, description };
    }
  }
}

export function buildMeetingCardData(card: Omit<MeetingCardData, 'customType'>): string {
  const data: MeetingCardData = { customType: CustomType.MeetingCard, ...card };
  return JSON.stringify(data);
}

export function buildMeetingUpdateData(update: Omit<MeetingUpdateData, 'customType'>): string {
  const data: MeetingUpdateData = { customType: CustomType.MeetingUpdate, ...update };
  return JSON.stringify(data);
}

/** The media room of a meeting: its own namespace, so it can never meet a 1:1 call's room. */
export function meetingRoomID(meetingID: string): string {
  return `meeting-${meetingID}`;
}

/**
 * A meeting as its card and updates describe it. Updates may arrive in any order (two devices, a late
 * sync): they are applied by their time, and once ended or cancelled a meeting stays so.
 */
export function foldMeeting(card: MeetingCardData, updates: readonly MeetingUpdateData[]): Meeting {
  let meeting: Meeting = {
    meetingID: card.meetingID,
    roomID: card.roomID,
    kind: card.kind,
    title: card.title,
    hostUserID: card.hostUserID,
    startTime: card.startTime,
    durationMinutes: card.durationMinutes,
    description: card.description,
    inviteeUserIDs: card.inviteeUserIDs,
    // A quick meeting is started by being posted.
    ...(card.kind === 'quick' ? { startedAt: card.startTime } : {}),
    participantUserIDs: [],
    cancelled: false,
  };
  const ordered = updates.filter((u) => u.meetingID === card.meetingID).sort((a, b) => a.at - b.at);
  for (const update of ordered) {
    if (meeting.endedAt !== undefined || meeting.cancelled) break;
    meeting = applyUpdate(meeting, update);
  }
  return meeting;
}

function applyUpdate(meeting: Meeting, update: MeetingUpdateData): Meeting {
  switch (update.action) {
    case 'started':
      return meeting.startedAt === undefined ? { ...meeting, startedAt: update.at } : meeting;
    case 'cancelled':
      return meeting.startedAt === undefined ? { ...meeting, cancelled: true } : meeting;
    case 'ended':
      // Nobody took part: the host called it off as its card went out (a post that failed); it never ran.
      if ((update.participantUserIDs ?? []).length === 0) return { ...meeting, cancelled: true };
      return {
        ...meeting,
        startedAt: meeting.startedAt ?? update.at,
        endedAt: update.at,
        durationSeconds: update.durationSeconds ?? 0,
        participantUserIDs: update.participantUserIDs ?? [],
      };
    case 'edited':
      // A meeting that has begun keeps the time it began with; only its words may still change.
      return meeting.startedAt === undefined
        ? {
            ...meeting,
            title: update.title ?? meeting.title,
            startTime: update.startTime ?? meeting.startTime,
            durationMinutes: update.durationMinutes ?? meeting.durationMinutes,
            description: update.description ?? meeting.description,
          }
        : {
            ...meeting,
            title: update.title ?? meeting.title,
            description: update.description ?? meeting.description,
          };
  }
}

/**
 * When a meeting that began and was never reported ended is taken as finished: the end may never be
 * posted (the last two left at the same moment, the last one's page died and never came back). A quick
 * meeting's bound is its start plus the longest meeting a form allows; a scheduled one's is its planned
 * end (or its start, when it began later than that) plus the same. Undefined while it is not begun, or
 * once it ended or was cancelled.
 */
export function meetingPresumedEndAt(meeting: Meeting): number | undefined {
  const { startedAt } = meeting;
  if (startedAt === undefined || meeting.endedAt !== undefined || meeting.cancelled) return undefined;
  const plannedEnd = meeting.startTime + meeting.durationMinutes * 60_000;
  const from = meeting.kind === 'quick' ? startedAt : Math.max(startedAt, plannedEnd);
  return from + MEETING_LIMITS.maxDurationMinutes * 60_000;
}

/**
 * The spec's state at `now`: not started before the start time, awaiting start once it has come and
 * nobody has begun, in progress from the first start until the end, or until the end it is presumed
 * to have had ({@link meetingPresumedEndAt}).
 */
export function meetingStateAt(meeting: Meeting, now: number): MeetingState {
  if (meeting.cancelled) return MeetingState.Cancelled;
  if (meeting.endedAt !== undefined) return MeetingState.Finished;
  const presumedEnd = meetingPresumedEndAt(meeting);
  if (presumedEnd !== undefined && now >= presumedEnd) return MeetingState.Finished;
  if (meeting.startedAt !== undefined) return MeetingState.InProgress;
  return now < meeting.startTime ? MeetingState.NotStarted : MeetingState.AwaitingStart;
}

/** Who may join now: anyone the meeting is for, from its start time or once someone has started it. */
export function canJoinMeeting(meeting: Meeting, now: number): boolean {
  const state = meetingStateAt(meeting, now);
  return state === MeetingState.InProgress || state === MeetingState.AwaitingStart;
}
