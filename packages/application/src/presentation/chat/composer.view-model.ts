import { Subject, debounceTime } from 'rxjs';
import { err, validateMessageText, type DisplayText, type Message, type Result } from '@teamim/domain';
import type { MessageDraft } from '../../ports/messages.port';
import type { DraftMirror } from '../../conversations/draft-mirror';
import type { ChatStore } from '../../messages/chat.store';
import type { TypingStore } from '../../messages/typing.store';
import type { Clock } from '../../ports/clock.port';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { ComposerMentions, type ComposerMentionsDeps } from './composer-mentions';
import { viewModelFactory } from '../view-model-factory';

// It builds its mentions, so it needs their services too.
export interface ComposerViewModelDeps extends ComposerMentionsDeps {
  readonly chat: ChatStore;
  readonly typing: TypingStore;
  readonly drafts: DraftMirror;
  readonly clock: Clock;
}

export interface ComposerState {
  readonly text: string;
  /** Spec §5: an empty text is not sent, nor one over the server's size limit. */
  readonly canSend: boolean;
  /** Why a text that is not empty cannot be sent (too large), shown next to the box; the text stays. */
  readonly problem: DisplayText | undefined;
}

/** What the box says of `text`: whether it can go, and why not when that is worth saying. */
function composerCheck(text: string): Pick<ComposerState, 'canSend' | 'problem'> {
  const valid = validateMessageText(text);
  if (valid.ok) return { canSend: true, problem: undefined };
  const { i18nKey, params } = valid.error;
  if (i18nKey === 'validation.message.empty') return { canSend: false, problem: undefined };
  return {
    canSend: false,
    problem: params === undefined ? { kind: 'i18n', i18nKey } : { kind: 'i18n', i18nKey, params },
  };
}

/** How long typing must pause before the draft is stored with the conversation. */
export const DRAFT_SAVE_DELAY_MS = 800;

/**
 * The message box of one conversation (spec §2 composer, §5 messages). The text is kept as the
 * conversation's draft through the SDK, so it survives switching conversations and a reload; the tab's
 * draft mirror holds it too, so a reload within the save's pause, or before the SDK has started or
 * written its database, loses nothing either.
 *
 * Every text has exactly one keeper, as in Slack: the box until the message is accepted into the log
 * (shown as sending), the message from then on. A send stopped before that (empty, too large, muted,
 * mute-all, left the group) keeps the text in the box; one that fails later stays in the log as failed,
 * with resend, and never comes back into the box, so a resend and the next Enter cannot send it twice.
 */
export class ComposerViewModel extends StateViewModel<ComposerState> {
  private readonly edits = new Subject<string>();
  /** What the SDK holds as the draft; undefined when that is unknown (its last save failed). */
  private savedText: string | undefined;
  /** A quoted reply on its way (it may wait for the SDK's copy of the quoted message); Enter sends no second. */
  private quoteWaits = false;
  // Mentions chosen from the suggestions (sent as at-text) in a group.
  readonly mentions: ComposerMentions;

  constructor(
    private readonly conversationID: string,
    private readonly deps: ComposerViewModelDeps,
  ) {
    const stored =
      deps.conversations.currentConversation?.conversationID === conversationID
        ? (deps.conversations.currentConversation.draftText ?? '')
        : '';
    // Typed here after the SDK last stored a draft, or while it could not: newer than the SDK's.
    const draft = deps.drafts.read(conversationID) ?? stored;
    super({ text: draft, ...composerCheck(draft) });
    this.savedText = stored;
    this.mentions = new ComposerMentions(conversationID, deps);
    // A draft changed elsewhere keeps only the mentions it still names (none read yet: keep them).
    if (draft !== '') this.mentions.prune(draft);
    this.own(() => this.mentions.dispose());
    this.own(
      this.edits
        .pipe(debounceTime(DRAFT_SAVE_DELAY_MS, deps.clock.scheduler))
        .subscribe((text) => void this.saveDraft(text)),
    );
    if (draft !== stored) this.edits.next(draft);
  }

  change(text: string): void {
    this.set({ text, ...composerCheck(text) });
    this.mentions.prune(text);
    this.deps.drafts.keep(this.conversationID, text);
    this.edits.next(text);
    if (text !== '') this.deps.typing.typed(this.conversationID); // At most every few seconds
  }

  /**
   * Sends the text (as a quote reply or an at-text when it is one). The chat's send pipeline checks it
   * and settles once the message is in the log; the box, the draft and the quote clear then, on this
   * side, and the delivery's outcome follows.
   */
  async send(): Promise<Result<Message, AppError>> {
    const quoted = this.deps.chatFocus.quoting(this.conversationID);
    if (quoted === undefined) return this.post(undefined);
    if (this.quoteWaits) return err(stateFailure('the quoted reply is on its way'));
    this.quoteWaits = true;
    const result = await this.post(quoted);
    this.quoteWaits = false;
    return result;
  }

  private async post(quoted: Message | undefined): Promise<Result<Message, AppError>> {
    const text = this.state.text;
    const posted = await this.deps.chat.post(this.draftOf(text, quoted));
    if (!posted.ok) return posted;
    this.accepted(text, quoted);
    return posted.value.delivered;
  }

  private draftOf(text: string, quoted: Message | undefined): MessageDraft {
    if (quoted !== undefined) return { kind: 'quote', text, quoted };
    // An at-text when the text still names someone chosen from the mention suggestions.
    const at = this.mentions.atTextFor(text);
    return at === undefined ? { kind: 'text', text } : { kind: 'atText', ...at };
  }

  /** The message now holds the text (see the class comment): the box lets it go, unless edited since. */
  private accepted(text: string, quoted: Message | undefined): void {
    if (quoted === undefined) this.deps.typing.sent(this.conversationID);
    else this.deps.chatFocus.clearQuote(this.conversationID);
    if (this.state.text !== text) return;
    this.mentions.reset(); // A quote's reply goes as plain text; its chosen mentions are spent
    this.change('');
    void this.saveDraft('');
  }

  private async saveDraft(text: string): Promise<void> {
    if (text === this.savedText) return;
    this.savedText = text;
    const saved = await this.deps.conversations.setDraft(this.conversationID, text);
    // Not held: the next save tries again; the mirror keeps the text meanwhile.
    if (!saved.ok && this.savedText === text) this.savedText = undefined;
  }

  /** Stores what is still unsaved, then ends the view model. */
  override dispose(): void {
    const pending = this.state.text;
    if (!this.disposed && pending !== this.savedText) void this.saveDraft(pending);
    super.dispose();
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const composerViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new ComposerViewModel(conversationID, {
      chat: s.chat,
      typing: s.typing,
      drafts: s.drafts,
      clock: s.clock,
      conversations: s.conversations,
      contacts: s.contacts,
      groupActions: s.groupActions,
      chatFocus: s.chatFocus,
      settings: s.settings,
      currentUser: s.currentUser,
    }),
);
