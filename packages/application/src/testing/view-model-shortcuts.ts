import { callButtonsViewModel } from '../presentation/calls/call-buttons.view-model';
import { chatViewModel } from '../presentation/chat/chat.view-model';
import { composerAccessViewModel } from '../presentation/chat/composer-access.view-model';
import { composerViewModel } from '../presentation/chat/composer.view-model';
import { forwardDialogViewModel } from '../presentation/chat/forward-dialog.view-model';
import { mediaUploadViewModel } from '../presentation/chat/media-upload.view-model';
import { quoteDraftViewModel } from '../presentation/chat/quote-draft.view-model';
import { singleChatDrawerViewModel } from '../presentation/chat/single-chat-drawer.view-model';
import { typingIndicatorViewModel } from '../presentation/chat/typing-indicator.view-model';
import { addSearchViewModel } from '../presentation/contacts/add-search.view-model';
import {
  groupNotificationsViewModel,
  newFriendsViewModel,
} from '../presentation/contacts/applications.view-model';
import { blacklistViewModel } from '../presentation/contacts/blacklist.view-model';
import { contactsPageViewModel } from '../presentation/contacts/contacts-page.view-model';
import { editProfileViewModel } from '../presentation/contacts/edit-profile.view-model';
import { friendListViewModel } from '../presentation/contacts/friend-list.view-model';
import { groupCardViewModel } from '../presentation/contacts/group-card.view-model';
import { groupListViewModel } from '../presentation/contacts/group-list.view-model';
import { userCardViewModel } from '../presentation/contacts/user-card.view-model';
import { groupHeaderViewModel } from '../presentation/groups/group-header.view-model';
import { groupSettingsViewModel } from '../presentation/groups/group-settings.view-model';
import { memberPickerViewModel } from '../presentation/groups/member-picker.view-model';
import { conversationMeetingsViewModel } from '../presentation/meetings/conversation-meetings.view-model';
import { meetingEntryViewModel } from '../presentation/meetings/meeting-entry.view-model';
import { meetingFormViewModel } from '../presentation/meetings/meeting-form.view-model';
import type { SessionViewModels } from '../presentation/session-view-models';
import { aboutViewModel } from '../presentation/settings/about.view-model';
import { accountSettingsViewModel } from '../presentation/settings/account-settings.view-model';
import { notificationSettingViewModel } from '../presentation/settings/notification-setting.view-model';
import type { ViewModelFactory } from '../presentation/view-model-factory';
import type { ViewModel } from '../presentation/view-model';
import { balanceViewModel } from '../presentation/wallet/balance.view-model';
import { payPasswordViewModel } from '../presentation/wallet/pay-password.view-model';
import { redPacketOpenViewModel } from '../presentation/wallet/red-packet-open.view-model';
import { redPacketSendViewModel } from '../presentation/wallet/red-packet-send.view-model';

/** The view models that load with their views, by the names the tests build them with. */
const FACTORIES = {
  chat: chatViewModel,
  composer: composerViewModel,
  composerAccess: composerAccessViewModel,
  quoteDraft: quoteDraftViewModel,
  mediaUpload: mediaUploadViewModel,
  typingIndicator: typingIndicatorViewModel,
  singleChatDrawer: singleChatDrawerViewModel,
  forwardDialog: forwardDialogViewModel,
  callButtons: callButtonsViewModel,
  contactsPage: contactsPageViewModel,
  friendList: friendListViewModel,
  groupList: groupListViewModel,
  newFriends: newFriendsViewModel,
  groupNotifications: groupNotificationsViewModel,
  userCard: userCardViewModel,
  groupCard: groupCardViewModel,
  addSearch: addSearchViewModel,
  editProfile: editProfileViewModel,
  blacklist: blacklistViewModel,
  groupSettings: groupSettingsViewModel,
  groupHeader: groupHeaderViewModel,
  memberPicker: memberPickerViewModel,
  balance: balanceViewModel,
  payPassword: payPasswordViewModel,
  redPacketSend: redPacketSendViewModel,
  redPacketOpen: redPacketOpenViewModel,
  accountSettings: accountSettingsViewModel,
  about: aboutViewModel,
  notificationSetting: notificationSettingViewModel,
  conversationMeetings: conversationMeetingsViewModel,
  meetingForm: meetingFormViewModel,
  meetingEntry: meetingEntryViewModel,
};

type Shortcut<F> = F extends ViewModelFactory<infer V, infer A> ? (...args: A) => V : never;

/** A session's view models with a method per factory (`alice.viewModels.balance()`), for the tests. */
export type TestViewModels = SessionViewModels & {
  readonly [K in keyof typeof FACTORIES]: Shortcut<(typeof FACTORIES)[K]>;
};

/**
 * `viewModels` with the shortcuts: the same object underneath (its tracking, `aliveCount` and `dispose`),
 * each shortcut building through `build` as the views do.
 */
export function withShortcuts(viewModels: SessionViewModels): TestViewModels {
  const shortcuts = Object.fromEntries(
    Object.entries(FACTORIES).map(([name, factory]) => [
      name,
      // Each shortcut passes its own arguments on to its own factory, as its type says.
      (...args: readonly unknown[]) =>
        viewModels.build(factory as ViewModelFactory<ViewModel<unknown>, readonly unknown[]>, ...args),
    ]),
  );
  return Object.assign(
    Object.create(viewModels) as SessionViewModels,
    shortcuts,
  ) as unknown as TestViewModels;
}
