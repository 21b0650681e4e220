import { createContext, useContext, type ComponentType } from 'react';

/**
 * What Account settings hosts from other features. The wallet does not import them: what opens the
 * dialog (the shell's account menu) fills the slots, and an empty slot shows nothing.
 */
export interface AccountSettingsSlots {
  /** The new-message notifications switch, in the general section. */
  readonly notifications?: ComponentType;
}

const NO_SLOTS: AccountSettingsSlots = {};
const AccountSettingsSlotsContext = createContext<AccountSettingsSlots>(NO_SLOTS);

export const AccountSettingsSlotsProvider = AccountSettingsSlotsContext.Provider;

export function useAccountSettingsSlots(): AccountSettingsSlots {
  return useContext(AccountSettingsSlotsContext);
}
