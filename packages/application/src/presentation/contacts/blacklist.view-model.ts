import type { Result } from '@teamim/domain';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { RemoteFailure } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface BlacklistRow {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
}

export interface BlacklistState {
  readonly entries: readonly BlacklistRow[];
  readonly empty: boolean;
}

/** Spec §2 blacklist: blocked users with avatar, nickname and a remove button, or an empty state. */
export class BlacklistViewModel extends StateViewModel<BlacklistState> {
  constructor(
    contacts: ContactStore,
    private readonly contactActions: ContactActions,
  ) {
    super({ entries: [], empty: true });
    this.own(
      contacts.blackList$.subscribe((list) =>
        this.set({
          entries: list.map((b) => ({
            userID: b.userID,
            name: b.nickname === '' ? b.userID : b.nickname,
            faceURL: b.faceURL,
          })),
          empty: list.length === 0,
        }),
      ),
    );
  }

  /** Unblocks; the store's blacklist event removes the row (and a friend comes back to My friends). */
  remove(userID: string): Promise<Result<void, RemoteFailure>> {
    return this.contactActions.setBlacklisted(userID, false);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const blacklistViewModel = viewModelFactory(
  (s) => new BlacklistViewModel(s.contacts, s.contactActions),
);
