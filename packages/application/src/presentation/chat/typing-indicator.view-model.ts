import { combineLatest } from 'rxjs';
import { translate } from '@teamim/domain';
import type { SessionServices } from '../session-services';
import { StateViewModel } from '../view-model';
import { locale$ } from './conversation-list.view-model';

export interface TypingIndicatorState {
  /** "typing..." while the other party of the one-to-one chat types, else ''. */
  readonly text: string;
}

/** The chat header's typing line (spec §4 presence: online, offline, typing). */
export class TypingIndicatorViewModel extends StateViewModel<TypingIndicatorState> {
  constructor(services: SessionServices, conversationID: string) {
    super({ text: '' });
    this.own(
      combineLatest([services.typing.peerTyping$(conversationID), locale$(services)]).subscribe(
        ([typing, locale]) => this.set({ text: typing ? translate(locale, 'presence.typing') : '' }),
      ),
    );
  }
}
