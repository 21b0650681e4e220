import {
  checkTargetAcceptsFriendRequests,
  validateRequestMessage,
  validateSearchKeyword,
  type Group,
  type PermissionError,
  type Result,
  type SearchedUser,
  type ValidationError,
} from '@teamim/domain';
import type { ChatApi, UserDetails } from '../ports/chat-api.port';
import type { ContactsGateway } from '../ports/contacts.port';
import type { GroupsGateway } from '../ports/groups.port';
import type { Notifier } from '../ports/notifier.port';
import type { ContactStore } from './contact.store';
import { attempt, type RemoteFailure } from '../shared/remote-error';

export type ContactActionError = RemoteFailure | ValidationError | PermissionError;

/**
 * Friend requests, group join requests, blacklist, unfriend and remarks (spec §2 modals, §4, §8 toasts).
 * List updates arrive through the SDK events the {@link ContactStore} reduces.
 */
export class ContactActions {
  constructor(
    private readonly contacts: ContactsGateway,
    private readonly groups: GroupsGateway,
    private readonly chatApi: ChatApi,
    private readonly notifier: Notifier,
    private readonly store: ContactStore,
  ) {}

  /**
   * Looks a group up by its exact id for the add-group search and the group card of a group the user
   * has not joined (spec §2). Resolves `undefined` when no such group exists.
   */
  async findGroup(groupID: string): Promise<Result<Group | undefined, RemoteFailure | ValidationError>> {
    const valid = validateSearchKeyword(groupID);
    if (!valid.ok) {
      return valid;
    }
    const found = await attempt(() => this.groups.getGroups([valid.value]));
    return found.ok ? { ok: true, value: found.value.find((g) => g.groupID === valid.value) } : found;
  }

  /**
   * The user card's details of a user (phone, e-mail, gender, birth), which only the chat API knows:
   * the SDK's friend records carry none. A friend's entry in the friend list is completed with them, so
   * every view of that friend shows them. Resolves `undefined` for an unknown user.
   */
  async loadUserDetails(userID: string): Promise<Result<UserDetails | undefined, RemoteFailure>> {
    const found = await attempt(() => this.chatApi.findUsers([userID]));
    if (!found.ok) {
      return found;
    }
    const details = found.value.find((user) => user.userID === userID);
    if (details !== undefined) {
      this.store.applyFriendDetails(details);
    }
    return { ok: true, value: details };
  }

  /** Searches users for the add-friend modal (non-empty keyword). */
  async searchUsers(
    keyword: string,
  ): Promise<Result<readonly SearchedUser[], RemoteFailure | ValidationError>> {
    const valid = validateSearchKeyword(keyword);
    if (!valid.ok) {
      return valid;
    }
    return attempt(() => this.chatApi.searchUsers(valid.value));
  }

  /** Sends a friend request (message max 50). The panel returns to the card on failure (spec §8). */
  async sendFriendRequest(
    target: { readonly userID: string; readonly allowAddFriend?: number },
    message: string,
  ): Promise<Result<void, ContactActionError>> {
    const valid = validateRequestMessage('friend', message);
    if (!valid.ok) {
      return valid;
    }
    const permitted = checkTargetAcceptsFriendRequests(target);
    if (!permitted.ok) {
      return permitted;
    }
    const result = await attempt(() => this.contacts.addFriend(target.userID, valid.value));
    this.toast(result, 'toast.friendRequestSent', 'toast.sendApplicationFailed');
    return result;
  }

  async acceptFriendRequest(fromUserID: string): Promise<Result<void, RemoteFailure>> {
    return attempt(() => this.contacts.acceptFriendApplication(fromUserID, ''));
  }

  async refuseFriendRequest(fromUserID: string): Promise<Result<void, RemoteFailure>> {
    return attempt(() => this.contacts.refuseFriendApplication(fromUserID, ''));
  }

  /** Sends a join request to a group (message max 50). */
  async sendJoinRequest(groupID: string, message: string): Promise<Result<void, ContactActionError>> {
    const valid = validateRequestMessage('join', message);
    if (!valid.ok) {
      return valid;
    }
    const result = await attempt(() => this.groups.joinGroup(groupID, valid.value));
    this.toast(result, 'toast.joinGroupRequestSent', 'toast.sendApplicationFailed');
    return result;
  }

  async acceptJoinRequest(groupID: string, fromUserID: string): Promise<Result<void, RemoteFailure>> {
    return attempt(() => this.groups.acceptGroupApplication(groupID, fromUserID, ''));
  }

  async refuseJoinRequest(groupID: string, fromUserID: string): Promise<Result<void, RemoteFailure>> {
    return attempt(() => this.groups.refuseGroupApplication(groupID, fromUserID, ''));
  }

  /**
   * The single-chat blacklist switch (spec §2). A failed call may still have reached the server (the
   * SDK's call can time out after it did, with no event to follow): the blacklist is read again so the
   * switch shows what the device knows, and the caller offers a retry (the server takes both changes
   * again without complaint).
   */
  async setBlacklisted(userID: string, blacklisted: boolean): Promise<Result<void, RemoteFailure>> {
    const result = await attempt(() =>
      blacklisted ? this.contacts.addToBlacklist(userID) : this.contacts.removeFromBlacklist(userID),
    );
    this.toast(result, undefined, 'toast.updateBlacklistFailed');
    if (!result.ok) await this.store.loadBlacklist();
    return result;
  }

  async unfriend(userID: string): Promise<Result<void, RemoteFailure>> {
    const result = await attempt(() => this.contacts.deleteFriend(userID));
    this.toast(result, undefined, 'toast.unfriendFailed');
    return result;
  }

  /** Edits a friend's remark (editable on the user card for friends). */
  async setRemark(userID: string, remark: string): Promise<Result<void, RemoteFailure>> {
    const trimmed = remark.trim();
    const result = await attempt(() => this.contacts.setFriendRemark(userID, trimmed));
    if (result.ok) {
      this.store.applyFriendRemark(userID, trimmed);
    }
    return result;
  }

  private toast(
    result: Result<void, RemoteFailure>,
    success: 'toast.friendRequestSent' | 'toast.joinGroupRequestSent' | undefined,
    failure: 'toast.sendApplicationFailed' | 'toast.updateBlacklistFailed' | 'toast.unfriendFailed',
  ): void {
    if (result.ok) {
      if (success !== undefined) {
        this.notifier.notify({ level: 'success', key: success });
      }
    } else {
      this.notifier.notify({ level: 'error', key: failure });
    }
  }

  /** It holds nothing of its own beyond the session's ports, so there is nothing to end. */
  dispose(): void {
    // Stateless: the scope calls it like every other session service's.
  }
}
