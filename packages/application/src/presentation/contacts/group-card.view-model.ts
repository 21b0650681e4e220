import {
  err,
  formatCalendarDate,
  friendDisplayName,
  groupDisplayName,
  ok,
  ServerErrorCode,
  SessionType,
  type DisplayText,
  type Group,
  type Result,
} from '@teamim/domain';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { GroupActions } from '../../groups/group-actions';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { requestDraft, type RequestDraft } from './request-draft';
import { viewModelFactory } from '../view-model-factory';

export interface GroupCardMember {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
}

export interface GroupCardState {
  readonly mode: 'card' | 'verify';
  readonly groupID: string;
  readonly name: string;
  readonly faceURL: string;
  /** '' when the group has none (or is known only by its id). */
  readonly introduction: string;
  /** undefined while only the id is known. */
  readonly memberCount: number | undefined;
  /** Creation date YYYY/M/D, or ''. */
  readonly created: string;
  /** The avatar row: up to 7 members, or 8 when the group has exactly 8. */
  readonly members: readonly GroupCardMember[];
  /**
   * OpenIM 3.8 shows a group's members to its members only (its server answers 1002 to anyone else, and
   * the SDK reads members from its local copy of joined groups): for anyone else the card says so where
   * the avatar row would be, and asks for no members.
   */
  readonly membersHidden: boolean;
  /** Send message when the user is in the group, else Add group. */
  readonly inGroup: boolean;
  readonly request: RequestDraft;
  readonly busy: boolean;
  readonly error: DisplayText | undefined;
}

type Transient = Pick<GroupCardState, 'mode' | 'request' | 'busy' | 'error' | 'members' | 'membersHidden'>;

export interface GroupCardViewModelDeps {
  readonly contacts: ContactStore;
  readonly contactActions: ContactActions;
  readonly groupActions: GroupActions;
  readonly conversations: ConversationStore;
  readonly clock: Clock;
}

/**
 * The group card (spec §2, 484 wide): avatar, name, id, introduction, creation date, member count and
 * the member avatar row; Send message for a joined group, else Add group with its verification view
 * (4 rows, max 50 with a counter). A group known only by id is looked up, and can be applied to anyway.
 */
export class GroupCardViewModel extends StateViewModel<GroupCardState> {
  private known: Group | undefined;
  private joined: Group | undefined;
  private loadedMembersOf = '';

  constructor(
    group: Group | { readonly groupID: string },
    private readonly deps: GroupCardViewModelDeps,
  ) {
    const joined = deps.contacts.snapshot.groupList.find((g) => g.groupID === group.groupID);
    const known = joined ?? ('groupName' in group ? group : undefined);
    super(
      GroupCardViewModel.compose(group.groupID, known, joined, deps.clock, {
        mode: 'card',
        request: requestDraft('group', ''),
        busy: false,
        error: undefined,
        members: [],
        membersHidden: false,
      }),
    );
    this.known = known;
    this.joined = joined;
    this.own(
      deps.contacts.groupList$.subscribe((groups) => {
        this.joined = groups.find((g) => g.groupID === group.groupID);
        this.refresh({});
        // Joined while the card is open: the members the server hid are now the user's to see.
        if (this.joined !== undefined && this.state.membersHidden) {
          this.loadedMembersOf = '';
          this.refresh({ membersHidden: false });
          void this.loadMembers();
        }
      }),
    );
    if (known === undefined) void this.lookUp();
    else void this.loadMembers();
  }

  private static compose(
    groupID: string,
    known: Group | undefined,
    joined: Group | undefined,
    clock: Clock,
    keep: Transient,
  ): GroupCardState {
    const group = joined ?? known;
    const created = group?.createTime ?? 0;
    return {
      ...keep,
      groupID,
      name: group === undefined ? groupID : groupDisplayName(group),
      faceURL: group?.faceURL ?? '',
      introduction: group?.introduction ?? '',
      memberCount: group?.memberCount,
      created: created > 0 ? formatCalendarDate(created, clock.utcOffsetMinutes(created)) : '',
      inGroup: joined !== undefined || group?.inGroup === true,
    };
  }

  private refresh(changes: Partial<Transient>): void {
    const { mode, request, busy, error, members, membersHidden } = { ...this.state, ...changes };
    this.set(
      GroupCardViewModel.compose(this.state.groupID, this.known, this.joined, this.deps.clock, {
        mode,
        request,
        busy,
        error,
        members,
        membersHidden,
      }),
    );
  }

  private async lookUp(): Promise<void> {
    const found = await this.deps.contactActions.findGroup(this.state.groupID);
    // A failed lookup leaves the card by id, which can still apply (the SDK may still be starting).
    if (found.ok && found.value !== undefined) {
      this.known = found.value;
      this.refresh({});
      await this.loadMembers();
    }
  }

  /** The avatar row; for a group whose members the server hides from the user, a line that says so. */
  private async loadMembers(): Promise<void> {
    const group = this.joined ?? this.known;
    if (group === undefined || this.loadedMembersOf === group.groupID) return;
    this.loadedMembersOf = group.groupID;
    if (!this.state.inGroup) {
      this.refresh({ membersHidden: true });
      return;
    }
    const members = await this.deps.groupActions.previewMembers(group.groupID, group.memberCount);
    if (!members.ok) {
      if (members.error.code === ServerErrorCode.NoPermission) this.refresh({ membersHidden: true });
      return;
    }
    this.refresh({
      members: members.value.map((m) => ({
        userID: m.userID,
        name: friendDisplayName({ userID: m.userID, nickname: m.nickname }),
        faceURL: m.faceURL,
      })),
    });
  }

  startApply(): Result<void, AppError> {
    if (this.state.inGroup) return err(stateFailure('already in the group'));
    this.refresh({ mode: 'verify', error: undefined, request: requestDraft('group', '') });
    return ok(undefined);
  }

  back(): void {
    this.refresh({ mode: 'card', error: undefined });
  }

  setRequestMessage(message: string): void {
    this.refresh({ request: requestDraft('group', message) });
  }

  /** Sends the join request; a server failure returns to the card (the toast is the application's). */
  async apply(): Promise<Result<void, AppError>> {
    if (this.state.busy) return err(stateFailure('busy'));
    this.refresh({ busy: true });
    const sent = await this.deps.contactActions.sendJoinRequest(
      this.state.groupID,
      this.state.request.message,
    );
    this.refresh({
      busy: false,
      error: sent.ok ? undefined : errorText(sent.error),
      mode: !sent.ok && sent.error.kind === 'remote' ? 'card' : this.state.mode,
    });
    return sent;
  }

  /** Opens the group chat; resolves the conversation id to navigate to. */
  async sendMessage(): Promise<Result<string, AppError>> {
    if (!this.state.inGroup) return err(stateFailure('not in the group'));
    this.refresh({ busy: true });
    const opened = await this.deps.conversations.open(this.state.groupID, SessionType.Group);
    this.refresh({ busy: false, error: opened.ok ? undefined : errorText(opened.error) });
    return opened.ok ? ok(opened.value.conversationID) : opened;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const groupCardViewModel = viewModelFactory(
  (s, group: Group | { readonly groupID: string }) =>
    new GroupCardViewModel(group, {
      contacts: s.contacts,
      contactActions: s.contactActions,
      groupActions: s.groupActions,
      conversations: s.conversations,
      clock: s.clock,
    }),
);
