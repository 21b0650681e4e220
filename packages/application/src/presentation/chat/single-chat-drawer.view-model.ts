import { combineLatest } from 'rxjs';
import { isBlacklisted, type Result } from '@teamim/domain';
import type { RemoteFailure } from '../../shared/remote-error';
import type { SessionServices } from '../session-services';
import { StateViewModel } from '../view-model';

export interface SingleChatDrawerState {
  readonly isFriend: boolean;
  readonly blocked: boolean;
  /** A blacklist change is on its way; the switch waits for it. */
  readonly busy: boolean;
}

/** Spec §2 single-chat drawer: the user entry, the blacklist switch and unfriend (friends only). */
export class SingleChatDrawerViewModel extends StateViewModel<SingleChatDrawerState> {
  constructor(
    private readonly services: SessionServices,
    readonly userID: string,
  ) {
    super({ isFriend: false, blocked: false, busy: false });
    this.own(
      combineLatest([services.contacts.friendList$, services.contacts.blackList$]).subscribe(
        ([friends, blacklist]) =>
          this.patch({
            isFriend: friends.some((f) => f.userID === userID),
            blocked: isBlacklisted(userID, blacklist),
          }),
      ),
    );
  }

  async setBlocked(blocked: boolean): Promise<Result<void, RemoteFailure>> {
    this.patch({ busy: true });
    const result = await this.services.contactActions.setBlacklisted(this.userID, blocked);
    this.patch({ busy: false });
    return result;
  }

  unfriend(): Promise<Result<void, RemoteFailure>> {
    return this.services.contactActions.unfriend(this.userID);
  }
}
