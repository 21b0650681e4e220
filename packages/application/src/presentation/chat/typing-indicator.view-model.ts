import { combineLatest } from 'rxjs';
import { translate } from '@teamim/domain';
import type { TypingStore } from '../../messages/typing.store';
import type { SettingsStore } from '../../settings/settings.store';
import { StateViewModel } from '../view-model';
import { locale$ } from './conversation-list.view-model';
import { viewModelFactory } from '../view-model-factory';

export interface TypingIndicatorState {
  /** "typing..." while the other party of the one-to-one chat types, else ''. */
  readonly text: string;
}

/** The chat header's typing line (spec §4 presence: online, offline, typing). */
export class TypingIndicatorViewModel extends StateViewModel<TypingIndicatorState> {
  constructor(conversationID: string, typing: TypingStore, settings: SettingsStore) {
    super({ text: '' });
    this.own(
      combineLatest([typing.peerTyping$(conversationID), locale$(settings)]).subscribe(([typing, locale]) =>
        this.set({ text: typing ? translate(locale, 'presence.typing') : '' }),
      ),
    );
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const typingIndicatorViewModel = viewModelFactory(
  (s, conversationID: string) => new TypingIndicatorViewModel(conversationID, s.typing, s.settings),
);
