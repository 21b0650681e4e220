import { Subject, debounceTime } from 'rxjs';
import { err, isSendRefusal, validateMessageText, type Message, type Result } from '@teamim/domain';
import type { AppError } from '../../shared/app-error';
import type { SessionServices } from '../session-services';
import { StateViewModel } from '../view-model';
// 14q
import { sendQuote } from '../../messages/quoted-messages';

export interface ComposerState {
  readonly text: string;
  /** Spec §5: an empty text is not sent. */
  readonly canSend: boolean;
}

/** How long typing must pause before the draft is stored with the conversation. */
export const DRAFT_SAVE_DELAY_MS = 800;

/**
 * The message box of one conversation (spec §2 composer, §5 messages). The text is kept as the
 * conversation's draft through the SDK, so it survives switching conversations and a reload; the box
 * clears only once a send was accepted, so a refused send (muted, mute-all, left the group) keeps it.
 */
export class ComposerViewModel extends StateViewModel<ComposerState> {
  private readonly edits = new Subject<string>();
  private savedText: string;

  constructor(
    private readonly services: SessionServices,
    private readonly conversationID: string,
  ) {
    const draft =
      services.conversations.currentConversation?.conversationID === conversationID
        ? (services.conversations.currentConversation.draftText ?? '')
        : '';
    super({ text: draft, canSend: validateMessageText(draft).ok });
    this.savedText = draft;
    this.own(
      this.edits
        .pipe(debounceTime(DRAFT_SAVE_DELAY_MS, services.clock.scheduler))
        .subscribe((text) => void this.saveDraft(text)),
    );
  }

  change(text: string): void {
    this.set({ text, canSend: validateMessageText(text).ok });
    this.edits.next(text);
  }

  async send(): Promise<Result<Message, AppError>> {
    const text = this.state.text;
    const valid = validateMessageText(text);
    if (!valid.ok) return err(valid.error);
    // 14q: a reply with a quoted block goes as a quote message.
    const quoted = this.services.chatFocus.quoting(this.conversationID);
    if (quoted !== undefined) return this.sendQuote(text, quoted);
    // The box clears once the message is accepted (in the list, as sending): a refused send (a rule of
    // §6, a state failure) keeps the text; an accepted one that fails to deliver stays in the list as
    // failed, with resend, so nothing typed is lost either way.
    const result = await this.services.chat.sendText(text, [], {
      onAccepted: () => {
        if (this.state.text !== text) return;
        this.change('');
        void this.saveDraft('');
      },
    });
    // The server refused it by a rule (muted, left the group, blocked): the text comes back to the box,
    // unless the user has typed something else meanwhile.
    if (
      !result.ok &&
      result.error.kind === 'remote' &&
      isSendRefusal(result.error.code) &&
      this.state.text === ''
    ) {
      this.change(text);
    }
    return result;
  }

  // 14q: as a text, the box clears once the reply is accepted and a refusal brings it back; the quoted
  // block leaves and comes back with it.
  private async sendQuote(text: string, quoted: Message): Promise<Result<Message, AppError>> {
    const { chat, chatFocus } = this.services;
    const result = await sendQuote(chat, text, quoted, {
      onAccepted: () => {
        chatFocus.clearQuote(this.conversationID);
        if (this.state.text !== text) return;
        this.change('');
        void this.saveDraft('');
      },
    });
    const refused = !result.ok && result.error.kind === 'remote' && isSendRefusal(result.error.code);
    if (refused && this.state.text === '') {
      this.change(text);
      chatFocus.setQuote(this.conversationID, quoted);
    }
    return result;
  }

  private async saveDraft(text: string): Promise<void> {
    if (text === this.savedText) return;
    this.savedText = text;
    await this.services.conversations.setDraft(this.conversationID, text);
  }

  /** Stores what is still unsaved, then ends the view model. */
  override dispose(): void {
    const pending = this.state.text;
    if (!this.disposed && pending !== this.savedText) void this.saveDraft(pending);
    super.dispose();
  }
}
