import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { ChosenMention, Message } from '@teamim/domain';
import type { JumpTarget } from './open-at-message';

/** A conversation to open at one of its messages (a top-search hit). */
export interface JumpRequest {
  readonly conversationID: string;
  readonly target: JumpTarget;
}

/**
 * What the chat view is asked to focus on, kept for the session: the message each conversation's
 * composer quotes (the message actions set it, the composer sends and clears it), and a jump asked for
 * before the conversation's view is open (a search hit), which that view takes when it is.
 */
export class ChatFocus {
  private readonly quotes = new BehaviorSubject<ReadonlyMap<string, Message>>(new Map());
  private readonly jump = new BehaviorSubject<JumpRequest | undefined>(undefined);
  /** Mentions chosen in each conversation's unsent text (the SDK's draft keeps only the text). */
  private readonly mentionDrafts = new Map<string, readonly ChosenMention[]>();
  readonly jumpRequests$: Observable<JumpRequest | undefined> = this.jump.asObservable();

  quote$(conversationID: string): Observable<Message | undefined> {
    return this.quotes.pipe(
      map((quotes) => quotes.get(conversationID)),
      distinctUntilChanged(),
    );
  }

  quoting(conversationID: string): Message | undefined {
    return this.quotes.value.get(conversationID);
  }

  setQuote(conversationID: string, message: Message): void {
    this.quotes.next(new Map(this.quotes.value).set(conversationID, message));
  }

  /** Removes the conversation's quote; false when there was none (Esc then does what it did before). */
  clearQuote(conversationID: string): boolean {
    if (!this.quotes.value.has(conversationID)) return false;
    const quotes = new Map(this.quotes.value);
    quotes.delete(conversationID);
    this.quotes.next(quotes);
    return true;
  }

  /** The mentions chosen in the conversation's draft, for the session. */
  chosenMentions(conversationID: string): readonly ChosenMention[] {
    return this.mentionDrafts.get(conversationID) ?? [];
  }

  keepMentions(conversationID: string, chosen: readonly ChosenMention[]): void {
    if (chosen.length === 0) this.mentionDrafts.delete(conversationID);
    else this.mentionDrafts.set(conversationID, chosen);
  }

  requestJump(request: JumpRequest): void {
    this.jump.next(request);
  }

  /** The jump asked for this conversation, once: taking it clears it. */
  takeJump(conversationID: string): JumpTarget | undefined {
    const request = this.jump.value;
    if (request?.conversationID !== conversationID) return undefined;
    this.jump.next(undefined);
    return request.target;
  }

  dispose(): void {
    this.quotes.complete();
    this.jump.complete();
  }
}
