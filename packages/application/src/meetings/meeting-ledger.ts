import { Subject, type Observable } from 'rxjs';
import {
  customPayloadOf,
  foldMeeting,
  messageConversationID,
  type Conversation,
  type Meeting,
  type MeetingCardData,
  type MeetingUpdateData,
  type Message,
} from '@teamim/domain';

/** A card as first seen, and the conversation it was seen in. */
export interface KnownCard {
  readonly card: MeetingCardData;
  readonly conversationID: string;
}

interface Entry {
  card: MeetingCardData | undefined;
  readonly updates: Map<string, MeetingUpdateData>;
  /** The conversations this device posted the card to (the host's own record of where it went). */
  readonly posted: Map<string, Conversation>;
}

/**
 * What one session has seen of each meeting: its card and every update, from any conversation (an update
 * may arrive before the card it belongs to, from a page loaded later). Updates are kept once each.
 */
export class MeetingLedger {
  private readonly entries = new Map<string, Entry>();
  private readonly cards = new Subject<KnownCard>();
  readonly cards$: Observable<KnownCard> = this.cards.asObservable();

  private entry(meetingID: string): Entry {
    let entry = this.entries.get(meetingID);
    if (entry === undefined) {
      entry = { card: undefined, updates: new Map(), posted: new Map() };
      this.entries.set(meetingID, entry);
    }
    return entry;
  }

  learnAll(messages: readonly Message[], selfUserID: string): void {
    for (const message of messages) this.learn(message, messageConversationID(message, selfUserID));
  }

  learn(message: Message, conversationID: string): void {
    const payload = customPayloadOf(message);
    if (payload?.kind === 'meetingCard') {
      const entry = this.entry(payload.card.meetingID);
      if (entry.card !== undefined) return;
      entry.card = payload.card;
      this.cards.next({ card: payload.card, conversationID });
    } else if (payload?.kind === 'meetingUpdate') {
      const { update } = payload;
      // The same update reaches each conversation it was posted to: keep it once.
      const key = `${update.action}:${update.at}`;
      this.entry(update.meetingID).updates.set(key, update);
    }
  }

  postedTo(meetingID: string, conversation: Conversation): void {
    this.entry(meetingID).posted.set(conversation.conversationID, conversation);
  }

  postedConversations(meetingID: string): readonly Conversation[] {
    return [...(this.entries.get(meetingID)?.posted.values() ?? [])];
  }

  meeting(meetingID: string): Meeting | undefined {
    const entry = this.entries.get(meetingID);
    if (entry?.card === undefined) return undefined;
    return foldMeeting(entry.card, [...entry.updates.values()]);
  }

  dispose(): void {
    this.cards.complete();
  }
}
