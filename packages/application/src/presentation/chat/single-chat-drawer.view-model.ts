import { combineLatest } from 'rxjs';
import { isBlacklisted, type Result } from '@teamim/domain';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { RemoteFailure } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface SingleChatDrawerState {
  readonly isFriend: boolean;
  readonly blocked: boolean;
  /** A blacklist change is on its way; the switch waits for it. */
  readonly busy: boolean;
  /** The last change failed: the switch shows the known state, and `retry` tries the change again. */
  readonly failed: boolean;
}

/** Spec §2 single-chat drawer: the user entry, the blacklist switch and unfriend (friends only). */
export class SingleChatDrawerViewModel extends StateViewModel<SingleChatDrawerState> {
  constructor(
    readonly userID: string,
    contacts: ContactStore,
    private readonly contactActions: ContactActions,
  ) {
    super({ isFriend: false, blocked: false, busy: false, failed: false });
    this.own(
      combineLatest([contacts.friendList$, contacts.blackList$]).subscribe(([friends, blacklist]) => {
        const blocked = isBlacklisted(userID, blacklist);
        this.patch({
          isFriend: friends.some((f) => f.userID === userID),
          blocked,
          // A change that arrives late (the SDK's sync caught up) ends the failure.
          failed: this.state.failed && blocked !== this.wanted,
        });
      }),
    );
  }

  private wanted = false;

  async setBlocked(blocked: boolean): Promise<Result<void, RemoteFailure>> {
    this.wanted = blocked;
    this.patch({ busy: true, failed: false });
    const result = await this.contactActions.setBlacklisted(this.userID, blocked);
    this.patch({ busy: false, failed: !result.ok && this.state.blocked !== blocked });
    return result;
  }

  /** Tries the failed change again. */
  retry(): Promise<Result<void, RemoteFailure>> {
    return this.setBlocked(this.wanted);
  }

  unfriend(): Promise<Result<void, RemoteFailure>> {
    return this.contactActions.unfriend(this.userID);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const singleChatDrawerViewModel = viewModelFactory(
  (s, userID: string) => new SingleChatDrawerViewModel(userID, s.contacts, s.contactActions),
);
