import type { ReactNode } from 'react';
import { ChatSlotsProvider } from '../chat/chat-slots';
import { CHAT_SLOTS } from '../routing/chat-route';
import { ACCOUNT_SETTINGS_SLOTS } from '../shell/AccountMenu';
import { AccountSettingsSlotsProvider } from '../wallet/account-settings-slots';

// A host rendered on its own gets the slots the app fills for it, so it shows what it shows in the app.

/** The chat's slots as the chat route fills them (call and group buttons, group drawer, red packets). */
export const inChatSlots = (children: ReactNode) => (
  <ChatSlotsProvider value={CHAT_SLOTS}>{children}</ChatSlotsProvider>
);

/** Account settings' slots as the account menu fills them (the notifications switch). */
export const inAccountSettingsSlots = (children: ReactNode) => (
  <AccountSettingsSlotsProvider value={ACCOUNT_SETTINGS_SLOTS}>{children}</AccountSettingsSlotsProvider>
);
