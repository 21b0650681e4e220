import { combineLatest } from 'rxjs';
import { displayName, messagePreview, quoteCaption } from '@teamim/domain';
import type { ChatFocus } from '../../messages/chat-focus';
import type { CurrentUser } from '../../session/current-user';
import type { SettingsStore } from '../../settings/settings.store';
import { StateViewModel } from '../view-model';
import { locale$ } from './conversation-list.view-model';
import { viewModelFactory } from '../view-model-factory';

/** The block above the composer while a reply quotes a message (plain text). */
export interface QuoteDraftView {
  readonly id: string;
  readonly author: string;
  /** The quoted message on one line, at most 50 characters. */
  readonly excerpt: string;
  /** Spec §3: "quote {sender}: {summary}". */
  readonly caption: string;
}

export interface QuoteDraftState {
  readonly quote: QuoteDraftView | undefined;
}

/**
 * The quoted block of one conversation's composer (spec §2 context menu "quote"): set by the
 * message action, removed by its close button or Esc, sent with the reply by the composer.
 */
export class QuoteDraftViewModel extends StateViewModel<QuoteDraftState> {
  constructor(
    private readonly conversationID: string,
    private readonly chatFocus: ChatFocus,
    settings: SettingsStore,
    currentUser: CurrentUser,
  ) {
    super({ quote: undefined });
    this.own(
      combineLatest([chatFocus.quote$(conversationID), locale$(settings), currentUser.selfInfo$]).subscribe(
        ([message, locale, self]) => {
          if (message === undefined) {
            this.set({ quote: undefined });
            return;
          }
          const naming = { locale, selfUserID: self?.userID ?? '' };
          const author = displayName({ userID: message.sendID, nickname: message.senderNickname }, naming);
          const excerpt = messagePreview(message, naming);
          this.set({
            quote: {
              id: message.clientMsgID,
              author,
              excerpt,
              caption: quoteCaption(locale, { senderName: author, summary: excerpt }),
            },
          });
        },
      ),
    );
  }

  /** Removes the quote; false when there was none (Esc keeps its other meanings then). */
  clear(): boolean {
    return this.chatFocus.clearQuote(this.conversationID);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const quoteDraftViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new QuoteDraftViewModel(conversationID, s.chatFocus, s.settings, s.currentUser),
);
