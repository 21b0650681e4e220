import { distinctUntilChanged, map, type Observable } from 'rxjs';
import { CallButtonsViewModel } from './calls/call-buttons.view-model';
import { CallOverlayViewModel } from './calls/call-overlay.view-model';
import { CallHistoryViewModel } from './calls/call-history.view-model';
import { MissedCallsBadgeViewModel } from './calls/missed-calls-badge.view-model';
import type { MeetingRoomViewModel, MeetingRoomViewModelDeps } from './meetings/meeting-room.view-model';
import { MediaUploadViewModel } from './chat/media-upload.view-model';
import { ChatViewModel } from './chat/chat.view-model';
import { ComposerViewModel } from './chat/composer.view-model';
import { TypingIndicatorViewModel } from './chat/typing-indicator.view-model';
import { ConversationListViewModel } from './chat/conversation-list.view-model';
import { SingleChatDrawerViewModel } from './chat/single-chat-drawer.view-model';
import type { Group, Result } from '@teamim/domain';
import { AddSearchViewModel } from './contacts/add-search.view-model';
import { GroupNotificationsViewModel, NewFriendsViewModel } from './contacts/applications.view-model';
import { ContactsPageViewModel } from './contacts/contacts-page.view-model';
import { EditProfileViewModel } from './contacts/edit-profile.view-model';
import { FriendListViewModel } from './contacts/friend-list.view-model';
import { GroupCardViewModel } from './contacts/group-card.view-model';
import { GroupListViewModel } from './contacts/group-list.view-model';
import { UserCardViewModel, type CardUser, type UserCardOptions } from './contacts/user-card.view-model';
import type { Message } from '@teamim/domain';
import { ForwardDialogViewModel } from './chat/forward-dialog.view-model';
import { QuoteDraftViewModel } from './chat/quote-draft.view-model';
// Groups
import { GroupSettingsViewModel } from './groups/group-settings.view-model';
import { MemberPickerViewModel } from './groups/member-picker.view-model';
import { GroupHeaderViewModel } from './groups/group-header.view-model';
import { ComposerAccessViewModel } from './chat/composer-access.view-model';
import { BlacklistViewModel } from './contacts/blacklist.view-model';
import type { OpenPickerOptions } from '../groups/member-picker.store';
import type { SessionServices } from './session-services';
import type { AppError } from '../shared/app-error';
import { ShellViewModel } from './shell/shell.view-model';
import { TopSearchViewModel } from './shell/top-search.view-model';
import type { ViewModel } from './view-model';
// Wallet, red packets, account settings, About
import type { AppearanceStore } from '../settings/appearance.store';
import { AboutViewModel } from './settings/about.view-model';
import { AccountSettingsViewModel } from './settings/account-settings.view-model';
import { BalanceViewModel } from './wallet/balance.view-model';
import { PayPasswordViewModel } from './wallet/pay-password.view-model';
import { RedPacketOpenViewModel } from './wallet/red-packet-open.view-model';
import { RedPacketSendViewModel } from './wallet/red-packet-send.view-model';
// Meetings: a conversation's cards and banner, the schedule and edit dialog, the plus menu's entry
import { ConversationMeetingsViewModel } from './meetings/conversation-meetings.view-model';
import { MeetingEntryViewModel } from './meetings/meeting-entry.view-model';
import { MeetingFormViewModel, type MeetingFormTarget } from './meetings/meeting-form.view-model';
// New-message notices
import { NotificationSettingViewModel } from './settings/notification-setting.view-model';

/**
 * Creates the view models of the signed-in screens over one session's services. A view asks for its
 * view model when it mounts and disposes it when it unmounts; the scope disposes whatever is still
 * alive when the session closes.
 */
export class SessionViewModels {
  private readonly alive = new Set<ViewModel<unknown>>();

  constructor(private readonly services: SessionServices) {}

  /** Registers a view model so that closing the session disposes it even if its view never unmounts. */
  protected track<V extends ViewModel<unknown>>(viewModel: V): V {
    this.alive.add(viewModel);
    // A disposed view model completes its state; that is when it stops counting as alive.
    viewModel.state$.subscribe({ complete: () => this.alive.delete(viewModel) });
    return viewModel;
  }

  // ---- shell and chat ----
  shell(): ShellViewModel {
    const {
      session,
      connection,
      currentUser,
      conversations,
      contacts,
      notifications,
      capabilities,
      settings,
    } = this.services;
    return this.track(
      new ShellViewModel({
        session,
        connection,
        currentUser,
        conversations,
        contacts,
        notifications,
        capabilities,
        settings,
      }),
    );
  }

  topSearch(): TopSearchViewModel {
    const { topSearch, chatFocus } = this.services;
    return this.track(new TopSearchViewModel(topSearch, chatFocus));
  }

  conversationList(): ConversationListViewModel {
    const { conversations, currentUser, settings, clock } = this.services;
    return this.track(new ConversationListViewModel(conversations, currentUser, settings, clock));
  }

  chat(conversationID: string): ChatViewModel {
    const { conversations, session, clock, chat, pinnedMessages, chatFocus, settings, currentUser } =
      this.services;
    return this.track(
      new ChatViewModel(conversationID, {
        conversations,
        session,
        clock,
        chat,
        pinnedMessages,
        chatFocus,
        settings,
        currentUser,
      }),
    );
  }

  composer(conversationID: string): ComposerViewModel {
    const {
      chat,
      typing,
      drafts,
      clock,
      conversations,
      contacts,
      groupActions,
      chatFocus,
      settings,
      currentUser,
    } = this.services;
    return this.track(
      new ComposerViewModel(conversationID, {
        chat,
        typing,
        drafts,
        clock,
        conversations,
        contacts,
        groupActions,
        chatFocus,
        settings,
        currentUser,
      }),
    );
  }

  singleChatDrawer(userID: string): SingleChatDrawerViewModel {
    const { contacts, contactActions } = this.services;
    return this.track(new SingleChatDrawerViewModel(userID, contacts, contactActions));
  }

  // --- contacts: the /contact pages, the user and group cards, the modals ---

  contactsPage(): ContactsPageViewModel {
    return this.track(new ContactsPageViewModel(this.services.contacts));
  }

  friendList(): FriendListViewModel {
    return this.track(new FriendListViewModel(this.services.contacts));
  }

  groupList(): GroupListViewModel {
    return this.track(new GroupListViewModel(this.services.contacts));
  }

  newFriends(): NewFriendsViewModel {
    return this.track(new NewFriendsViewModel(this.services.contacts, this.services.contactActions));
  }

  groupNotifications(): GroupNotificationsViewModel {
    return this.track(new GroupNotificationsViewModel(this.services.contacts, this.services.contactActions));
  }

  userCard(user: CardUser, options: UserCardOptions = {}): UserCardViewModel {
    const { currentUser, contacts, contactActions, conversations, clock } = this.services;
    return this.track(
      new UserCardViewModel(user, options, { currentUser, contacts, contactActions, conversations, clock }),
    );
  }

  groupCard(group: Group | { readonly groupID: string }): GroupCardViewModel {
    const { contacts, contactActions, groupActions, conversations, clock } = this.services;
    return this.track(
      new GroupCardViewModel(group, { contacts, contactActions, groupActions, conversations, clock }),
    );
  }

  addSearch(target: 'friend' | 'group'): AddSearchViewModel {
    return this.track(new AddSearchViewModel(target, this.services.contactActions));
  }

  editProfile(): EditProfileViewModel {
    return this.track(
      new EditProfileViewModel(this.services.currentUser, this.services.profile, this.services.clock),
    );
  }

  // --- end of contacts ---

  // --- calls: the call overlay, and the header's call buttons over the same actions ---

  callOverlay(): CallOverlayViewModel {
    const { calls, rtcRoom, contactsGateway, notifier, callDevices, callMedia } = this.services;
    return this.track(
      new CallOverlayViewModel(calls, rtcRoom, contactsGateway, notifier, callDevices, { media: callMedia }),
    );
  }

  callButtons(): CallButtonsViewModel {
    const { notifier, callMedia: media } = this.services;
    const calls$ = this.services.capabilities.features$.pipe(map((features) => features.calls));
    return this.track(new CallButtonsViewModel(this.services.calls, notifier, media, calls$));
  }

  /** The call history page. */
  callHistory(): CallHistoryViewModel {
    const { callHistory, conversations, settings, clock, calls, notifier, callMedia, meetingLauncher } =
      this.services;
    const calls$ = this.services.capabilities.features$.pipe(map((features) => features.calls));
    return this.track(
      new CallHistoryViewModel({
        history: callHistory,
        conversations,
        settings,
        clock,
        calls,
        notifier,
        media: callMedia,
        launcher: meetingLauncher,
        calls$,
      }),
    );
  }

  /** The navigation's Calls item and its missed-call badge. */
  missedCallsBadge(): MissedCallsBadgeViewModel {
    const calls$ = this.services.capabilities.features$.pipe(map((features) => features.calls));
    return this.track(new MissedCallsBadgeViewModel(this.services.callHistory, calls$));
  }

  // --- end of calls ---

  // --- meetings: the meeting view, whose code (view model included) loads with the first meeting ---

  /** Whether the own user is in (or joining) a meeting: when the meeting view's code is needed. */
  meetingOpen$(): Observable<boolean> {
    return this.services.meetingRoom.status$.pipe(
      map((status) => status.phase !== 'idle'),
      distinctUntilChanged(),
    );
  }

  /** Leaves the meeting (the way out when the meeting view's code could not load). */
  leaveMeeting(): Promise<Result<void, AppError>> {
    return this.services.meetingRoom.leave();
  }

  /** The meeting view's view model; the view's chunk passes the class, so the list's bundle lacks it. */
  meetingRoom(ViewModel: new (deps: MeetingRoomViewModelDeps) => MeetingRoomViewModel): MeetingRoomViewModel {
    const { meetingRoom: meetings, meetingMedia: room, contactsGateway: contacts } = this.services;
    const { callDevices: devices, notifier } = this.services;
    return this.track(new ViewModel({ meetings, room, contacts, devices, notifier }));
  }
  // Media uploads (pictures, videos, files) from the composer.
  mediaUpload(): MediaUploadViewModel {
    return this.track(new MediaUploadViewModel(this.services.chat));
  }
  // The typing line of a one-to-one chat's header.
  typingIndicator(conversationID: string): TypingIndicatorViewModel {
    const { typing, settings } = this.services;
    return this.track(new TypingIndicatorViewModel(conversationID, typing, settings));
  }
  // Message actions (forward dialog)
  forwardDialog(message: Message): ForwardDialogViewModel {
    const { conversations, chat, forwardMessages } = this.services;
    return this.track(new ForwardDialogViewModel(message, conversations, chat, forwardMessages));
  }
  // The quoted block above the composer
  quoteDraft(conversationID: string): QuoteDraftViewModel {
    const { chatFocus, settings, currentUser } = this.services;
    return this.track(new QuoteDraftViewModel(conversationID, chatFocus, settings, currentUser));
  }
  // --- wallet, red packets, account settings, About ---

  balance(): BalanceViewModel {
    return this.track(new BalanceViewModel(this.services.wallet, this.services.clock));
  }

  payPassword(): PayPasswordViewModel {
    return this.track(new PayPasswordViewModel(this.services.currentUser, this.services.wallet));
  }

  redPacketSend(conversationID: string): RedPacketSendViewModel {
    const { conversations, wallet, settings } = this.services;
    return this.track(new RedPacketSendViewModel(conversationID, conversations, wallet, settings));
  }

  redPacketOpen(message: Message): RedPacketOpenViewModel {
    const { wallet, clock, currentUser } = this.services;
    return this.track(new RedPacketOpenViewModel(message, currentUser.id(), wallet, clock));
  }

  accountSettings(appearance: AppearanceStore): AccountSettingsViewModel {
    const { settings, currentUser } = this.services;
    return this.track(new AccountSettingsViewModel(settings, appearance, currentUser));
  }

  about(): AboutViewModel {
    return this.track(new AboutViewModel(this.services.notifier));
  }

  // --- end of wallet ---
  // --- groups: the group settings drawer and the member picker ---

  groupSettings(groupID: string): GroupSettingsViewModel {
    const { conversations, groupActions, currentUser, clock } = this.services;
    return this.track(new GroupSettingsViewModel(groupID, conversations, groupActions, currentUser, clock));
  }

  blacklist(): BlacklistViewModel {
    const { contacts, contactActions } = this.services;
    return this.track(new BlacklistViewModel(contacts, contactActions));
  }

  groupHeader(isGroup: boolean, groupID: string): GroupHeaderViewModel {
    return this.track(new GroupHeaderViewModel(isGroup, groupID, this.services.conversations));
  }

  memberPicker(options: OpenPickerOptions): MemberPickerViewModel {
    const { memberPicker, contacts, currentUser } = this.services;
    return this.track(new MemberPickerViewModel(options, memberPicker, contacts, currentUser));
  }

  // The composer closes while the user is muted or mute-all applies to her.
  composerAccess(conversationID: string): ComposerAccessViewModel {
    const { conversations, clock, capabilities } = this.services;
    return this.track(new ComposerAccessViewModel(conversationID, conversations, clock, capabilities));
  }

  // --- end of groups ---

  // The notifications switch of Account settings
  notificationSetting(): NotificationSettingViewModel {
    return this.track(new NotificationSettingViewModel(this.services.notifications));
  }

  /** How many view models are alive (for leak tests). */
  get aliveCount(): number {
    return this.alive.size;
  }

  dispose(): void {
    for (const viewModel of [...this.alive]) viewModel.dispose();
  }

  // ---- meetings ----
  conversationMeetings(conversationID: string): ConversationMeetingsViewModel {
    const { chat, meetings, conversations, currentUser, settings, clock, capabilities } = this.services;
    const calls$ = capabilities.features$.pipe(map((features) => features.calls));
    return this.track(
      new ConversationMeetingsViewModel(conversationID, {
        chat,
        meetings,
        conversations,
        currentUser,
        settings,
        clock,
        calls$,
      }),
    );
  }

  meetingForm(target: MeetingFormTarget): MeetingFormViewModel {
    const { meetings, settings, clock } = this.services;
    return this.track(new MeetingFormViewModel(target, meetings, settings, clock));
  }

  meetingEntry(): MeetingEntryViewModel {
    const { meetings, currentUser, settings, capabilities } = this.services;
    const calls$ = capabilities.features$.pipe(map((features) => features.calls));
    return this.track(new MeetingEntryViewModel(meetings, currentUser, settings, calls$));
  }
}
