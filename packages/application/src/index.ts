export type { Result } from '@teamim/domain';
export * from './ports';
export * from './shared/app-error';
export * from './shared/remote-error';
export * from './shared/lazy-module';
export * from './session/current-user';
export * from './session/session.service';
export * from './session/deployment-capabilities';
export * from './session/connection-monitor';
export * from './account/sign-in.service';
export * from './contacts/contact.store';
export * from './conversations/conversation.store';
export * from './messages/chat.store';
export * from './messages/pinned-messages.store';
export * from './messages/forward-messages.use-case';
export * from './search/top-search.store';
export * from './contacts/contact-actions';
export * from './groups/group-actions';
export * from './groups/member-picker.store';
export * from './settings/settings.store';
export * from './profile/profile.service';
export * from './wallet/wallet.service';
export * from './calls/call.service';
export * from './meetings/meeting-launcher';
export * from './di/ports.module';
export * from './di/create-container';
export * from './presentation/view-model';
export type * from './presentation/session-services';
export * from './presentation/session-view-models';
// Contacts view models.
export * from './presentation/contacts/add-search.view-model';
export * from './presentation/contacts/applications.view-model';
export * from './presentation/contacts/contacts-page.view-model';
export * from './presentation/contacts/edit-profile.view-model';
export * from './presentation/contacts/error-text';
export * from './presentation/contacts/friend-index';
export * from './presentation/contacts/friend-list.view-model';
export * from './presentation/contacts/group-card.view-model';
export * from './presentation/contacts/group-list.view-model';
export * from './presentation/contacts/request-draft';
export * from './presentation/contacts/user-card.view-model';
export * from './di/session-scope';
export * from './presentation/chat/rows';
export * from './presentation/chat/conversation-list.view-model';
export * from './presentation/chat/chat.view-model';
export * from './presentation/chat/composer.view-model';
export * from './presentation/chat/single-chat-drawer.view-model';
// Media uploads and bodies
export * from './presentation/chat/media-upload.view-model';
export * from './presentation/chat/media-body';
// Mention suggestions in the composer, the header's typing line
export * from './presentation/chat/composer-mentions';
export * from './presentation/chat/typing-indicator.view-model';
export * from './messages/typing.store';
export * from './presentation/shell/status';
export * from './presentation/shell/search-dropdown';
export * from './presentation/shell/shell.view-model';
export * from './presentation/shell/top-search.view-model';
// Sign-in screens (app-level view models, created by the composition root before any session).
export * from './presentation/sign-in/sign-in-fields';
export * from './presentation/sign-in/sign-in.view-model';
// Sign-in by QR code: the waiting page, the confirming device, whether the deployment has it
export * from './presentation/sign-in/qr-sign-in.view-model';
export * from './presentation/sign-in/qr-confirm.view-model';
export * from './account/qr-sign-in-availability.store';
export * from './presentation/calls/call-overlay.view-model';
export * from './presentation/calls/call-buttons.view-model';
export * from './calls/call-recorder';
export * from './presentation/desktop';
// Message actions, pins banner, forward dialog
export * from './presentation/chat/message-actions';
export * from './presentation/chat/chat-message-actions';
export * from './presentation/chat/forward-dialog.view-model';
// Wallet, red packets, account settings, About
export * from './settings/appearance.store';
export * from './presentation/chat/red-packet-body';
export * from './presentation/wallet/balance.view-model';
export * from './presentation/wallet/pay-password.view-model';
export * from './presentation/wallet/red-packet-send.view-model';
export * from './presentation/wallet/red-packet-open.view-model';
export * from './presentation/settings/account-settings.view-model';
export * from './presentation/settings/about.view-model';
// Groups: the group settings drawer and the member picker
export * from './presentation/groups/member-rows';
export * from './presentation/groups/group-settings.view-model';
export * from './presentation/groups/member-picker.view-model';
export * from './presentation/groups/group-header.view-model';
export * from './presentation/chat/composer-access.view-model';
export * from './presentation/contacts/blacklist.view-model';
// Quotes, open at a message, placeholders
export * from './messages/chat-focus';
export * from './messages/open-at-message';
export * from './messages/quoted-messages';
export * from './messages/revoked-quotes';
export * from './presentation/chat/quote-body';
export * from './presentation/chat/placeholder-body';
export * from './presentation/chat/quote-draft.view-model';
// New-message notices
export * from './notifications/message-notifications.service';
export * from './presentation/settings/notification-setting.view-model';
