import {
  checkCanOpenUserCard,
  err,
  formatCalendarDate,
  friendDisplayName,
  genderLabelKey,
  ok,
  permissionError,
  SessionType,
  userCardActions,
  userRelation,
  type ButtonState,
  type DisplayText,
  type Friend,
  type Group,
  type I18nKey,
  type Permitted,
  type Result,
  type SelfInfo,
  type UserRelation,
} from '@teamim/domain';
import { combineLatest } from 'rxjs';
import type { ContactActions } from '../../contacts/contact-actions';
import type { ContactStore } from '../../contacts/contact.store';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { CurrentUser } from '../../session/current-user';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { requestDraft, type RequestDraft } from './request-draft';
import { viewModelFactory } from '../view-model-factory';

/** Whatever is known of a user when the card opens (a friend, a search hit, an applicant, self). */
export interface CardUser {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
  readonly gender?: number;
  readonly birth?: number;
  readonly phoneNumber?: string;
  readonly email?: string;
  readonly allowAddFriend?: number;
}

/** Where the card was opened from (spec §2): a group may forbid viewing or adding its members; callers may hide Add. */
export interface UserCardOptions {
  readonly group?: Pick<Group, 'applyMemberFriend'> & Partial<Pick<Group, 'lookMemberInfo'>>;
  readonly notAdd?: boolean;
}

/** Spec §2: the card does not open for an empty id, the at-all tag, or a member of a group that hides member info. */
export function canOpenUserCard(userID: string, options: UserCardOptions = {}): Permitted {
  const group = options.group;
  return checkCanOpenUserCard(
    userID,
    group?.lookMemberInfo === undefined ? undefined : { lookMemberInfo: group.lookMemberInfo },
  );
}

export interface UserCardState {
  readonly mode: 'card' | 'verify';
  readonly userID: string;
  readonly nickname: string;
  /** The one name shown for this user: a friend's remark, else the nickname, else the id. */
  readonly name: string;
  readonly faceURL: string;
  readonly relation: UserRelation;
  readonly isSelf: boolean;
  readonly genderKey: I18nKey;
  /** YYYY/M/D, or '' when unknown. */
  readonly birth: string;
  readonly phoneNumber: string;
  readonly email: string;
  /** The remark field (friends only): what is typed, else the saved remark. */
  readonly remark: string;
  readonly editRemark: boolean;
  readonly addFriend: ButtonState;
  readonly editInfo: boolean;
  readonly sendMessage: boolean;
  readonly request: RequestDraft;
  readonly busy: boolean;
  readonly error: DisplayText | undefined;
}

type Transient = Pick<UserCardState, 'mode' | 'request' | 'busy' | 'error'>;

interface CardInput {
  readonly user: CardUser;
  readonly options: UserCardOptions;
  readonly selfUserID: string;
  readonly self: SelfInfo | undefined;
  readonly friends: readonly Friend[];
  readonly remarkDraft: string | undefined;
  readonly clock: Clock;
}

/** What the card knows of another user: the friend record's non-empty fields over what it was opened with. */
function merged(user: CardUser, friend: Friend | undefined): CardUser {
  if (friend === undefined) return user;
  const pick = <T>(fromFriend: T | undefined, fromCard: T | undefined): T | undefined =>
    fromFriend === undefined || fromFriend === '' || fromFriend === 0 ? fromCard : fromFriend;
  return {
    ...user,
    nickname: pick(friend.nickname, user.nickname) ?? '',
    faceURL: pick(friend.faceURL, user.faceURL) ?? '',
    ...defined('gender', pick<number>(friend.gender, user.gender)),
    ...defined('birth', pick(friend.birth, user.birth)),
    ...defined('phoneNumber', pick(friend.phoneNumber, user.phoneNumber)),
    ...defined('email', pick(friend.email, user.email)),
  };
}

const defined = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** The card's state from what the stores know now; `keep` carries the view's own progress. */
function cardState(input: CardInput, keep: Transient): UserCardState {
  const { user, self } = input;
  const relation = userRelation(user.userID, input.selfUserID, input.friends);
  const friend = input.friends.find((f) => f.userID === user.userID);
  const shown: CardUser = relation === 'self' && self !== undefined ? self : merged(user, friend);
  const actions = userCardActions({ ...input.options, relation });
  const birth = shown.birth ?? 0;
  return {
    ...keep,
    userID: shown.userID,
    nickname: shown.nickname,
    name: friendDisplayName({ userID: shown.userID, nickname: shown.nickname, remark: friend?.remark ?? '' }),
    faceURL: shown.faceURL,
    relation,
    isSelf: actions.isSelf,
    genderKey: genderLabelKey(shown.gender),
    birth: birth === 0 ? '' : formatCalendarDate(birth, input.clock.utcOffsetMinutes(birth)),
    phoneNumber: shown.phoneNumber ?? '',
    email: shown.email ?? '',
    remark: input.remarkDraft ?? friend?.remark ?? '',
    editRemark: actions.editRemark,
    addFriend: actions.addFriend,
    editInfo: actions.editInfo,
    sendMessage: actions.sendMessage,
  };
}

const fresh: Transient = { mode: 'card', request: requestDraft('friend', ''), busy: false, error: undefined };

export interface UserCardViewModelDeps {
  readonly currentUser: CurrentUser;
  readonly contacts: ContactStore;
  readonly contactActions: ContactActions;
  readonly conversations: ConversationStore;
  readonly clock: Clock;
}

/**
 * The user card (spec §2, 332 wide): self, friend and non-friend variants with their info rows and
 * buttons, the editable remark of a friend, and the friend-verification view. It follows the stores, so
 * a saved profile or remark shows at once.
 */
export class UserCardViewModel extends StateViewModel<UserCardState> {
  private remarkDraft: string | undefined;
  private self: SelfInfo | undefined;
  private friends: readonly Friend[];

  constructor(
    private readonly user: CardUser,
    private readonly options: UserCardOptions,
    private readonly deps: UserCardViewModelDeps,
  ) {
    const self = deps.currentUser.selfInfo;
    const friends = deps.contacts.snapshot.friendList;
    super(
      cardState(
        {
          user,
          options,
          self,
          friends,
          selfUserID: self?.userID ?? deps.currentUser.id(),
          remarkDraft: undefined,
          clock: deps.clock,
        },
        fresh,
      ),
    );
    this.self = self;
    this.friends = friends;
    this.own(
      combineLatest([deps.currentUser.selfInfo$, deps.contacts.friendList$]).subscribe(
        ([nextSelf, nextFriends]) => {
          this.self = nextSelf;
          this.friends = nextFriends;
          this.refresh({});
        },
      ),
    );
    // The friend record has no phone or e-mail: the chat API completes the friend's entry, which the
    // friend list then carries to this card.
    if (this.state.relation === 'friend') void deps.contactActions.loadUserDetails(user.userID);
  }

  private refresh(changes: Partial<Transient>): void {
    const { mode, request, busy, error } = { ...this.state, ...changes };
    this.set(
      cardState(
        {
          user: this.user,
          options: this.options,
          self: this.self,
          friends: this.friends,
          selfUserID: this.self?.userID ?? this.deps.currentUser.id(),
          remarkDraft: this.remarkDraft,
          clock: this.deps.clock,
        },
        { mode, request, busy, error },
      ),
    );
  }

  setRemark(remark: string): void {
    this.remarkDraft = remark;
    this.refresh({});
  }

  async saveRemark(): Promise<Result<void, AppError>> {
    if (!this.state.editRemark) return err(permissionError('noPermission'));
    this.refresh({ busy: true });
    const saved = await this.deps.contactActions.setRemark(this.user.userID, this.state.remark);
    if (saved.ok) this.remarkDraft = undefined;
    this.refresh({ busy: false, error: saved.ok ? undefined : errorText(saved.error) });
    return saved;
  }

  /** Add friends: opens the verification view, unless the group forbids applying to its members. */
  startAddFriend(): Result<void, AppError> {
    if (this.state.addFriend === 'hidden') return err(permissionError('noPermission'));
    if (this.state.addFriend === 'disabled') return err(permissionError('applyMemberFriendForbidden'));
    this.refresh({ mode: 'verify', error: undefined, request: requestDraft('friend', '') });
    return ok(undefined);
  }

  back(): void {
    this.refresh({ mode: 'card', error: undefined });
  }

  setRequestMessage(message: string): void {
    this.refresh({ request: requestDraft('friend', message) });
  }

  /** Sends the friend request; a server failure returns to the card (spec §8; the toast is the application's). */
  async sendRequest(): Promise<Result<void, AppError>> {
    if (this.state.busy) return err(stateFailure('busy'));
    this.refresh({ busy: true });
    const target =
      this.user.allowAddFriend === undefined
        ? { userID: this.user.userID }
        : { userID: this.user.userID, allowAddFriend: this.user.allowAddFriend };
    const sent = await this.deps.contactActions.sendFriendRequest(target, this.state.request.message);
    if (sent.ok) {
      this.refresh({ busy: false, error: undefined });
      return sent;
    }
    this.refresh({
      busy: false,
      error: errorText(sent.error),
      mode: sent.error.kind === 'remote' ? 'card' : this.state.mode,
    });
    return sent;
  }

  /** Opens (or creates) the single chat; resolves the conversation id to navigate to. */
  async sendMessage(): Promise<Result<string, AppError>> {
    if (!this.state.sendMessage) return err(permissionError('noPermission'));
    this.refresh({ busy: true });
    const opened = await this.deps.conversations.open(this.user.userID, SessionType.Single);
    this.refresh({ busy: false, error: opened.ok ? undefined : errorText(opened.error) });
    return opened.ok ? ok(opened.value.conversationID) : opened;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const userCardViewModel = viewModelFactory(
  (s, user: CardUser, options: UserCardOptions = {}) =>
    new UserCardViewModel(user, options, {
      currentUser: s.currentUser,
      contacts: s.contacts,
      contactActions: s.contactActions,
      conversations: s.conversations,
      clock: s.clock,
    }),
);
