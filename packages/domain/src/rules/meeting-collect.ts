import type { MeetingCardData, MeetingUpdateData } from '../entities/meeting';
import { ContentType, type Message } from '../entities/message';
import { customPayloadOf } from './custom-message';

/** One meeting as a list of messages holds it: its card (and the message that carried it) and updates. */
export interface MeetingThread {
  readonly card: MeetingCardData;
  readonly cardMessage: Message;
  readonly updates: readonly MeetingUpdateData[];
}

/**
 * The meetings of a list of messages, by meeting id. An update whose card the list does not hold (an
 * older page not loaded yet) waits for it; a second card with a known id (a repost, a forward) is
 * ignored, so a meeting is always the first card that announced it.
 */
export function collectMeetings(messages: readonly Message[]): ReadonlyMap<string, MeetingThread> {
  const cards = new Map<string, { card: MeetingCardData; cardMessage: Message }>();
  const updates = new Map<string, MeetingUpdateData[]>();
  for (const message of messages) {
    const payload = customPayloadOf(message);
    if (payload?.kind === 'meetingCard' && !cards.has(payload.card.meetingID)) {
      cards.set(payload.card.meetingID, { card: payload.card, cardMessage: message });
    } else if (payload?.kind === 'meetingUpdate') {
      const list = updates.get(payload.update.meetingID) ?? [];
      list.push(payload.update);
      updates.set(payload.update.meetingID, list);
    }
  }
  const threads = new Map<string, MeetingThread>();
  for (const [meetingID, found] of cards) {
    threads.set(meetingID, { ...found, updates: updates.get(meetingID) ?? [] });
  }
  return threads;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the meeting updates in `messages` (in the chat's order) that come after their meeting's
 * end earlier in the same list. Nothing changes an ended meeting (`foldMeeting`), so the chat shows its
 * end once, even when two participants who left last each posted it (they stagger their posts, see
 * `MEETING_END_STAGGER_MS`, but a slow push can still let both through). A cancellation is not counted:
 * whether it ends anything depends on whether the meeting had begun, which only its card tells.
 */
export function meetingUpdatesAfterTheEnd(messages: readonly Message[]): ReadonlySet<string> {
  let finished: Set<string> | undefined;
  let after: Set<string> | undefined;
  for (const message of messages) {
    // Only a custom message's payload is read: the walk costs a long history no more than its length.
    if (message.contentType !== ContentType.Custom) continue;
    const payload = customPayloadOf(message);
    if (payload?.kind !== 'meetingUpdate') continue;
    const { meetingID, action } = payload.update;
    if (finished?.has(meetingID) === true) (after ??= new Set()).add(message.clientMsgID);
    else if (action === 'ended') (finished ??= new Set()).add(meetingID);
  }
  return after ?? NONE;
}
