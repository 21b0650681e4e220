import { createContext, useContext } from 'react';
import type { CardUser, UserCardOptions } from '@teamim/application';
import type { Group } from '@teamim/domain';

export type { CardUser, UserCardOptions } from '@teamim/application';

/**
 * The contact modals of spec §2, opened from the shell (top bar, avatar menu), the contact pages, chat and
 * group screens. Only this contract is shared; the shell provides it (shell/contact-dialogs.tsx).
 */
export interface ContactDialogs {
  /**
   * `options` carry the group the card was opened from (lookMemberInfo, applyMemberFriend) and the
   * caller's notAdd. In a group that hides member info the call is ignored (spec §2).
   */
  openUserCard(user: CardUser, options?: UserCardOptions): void;
  openGroupCard(group: Group | { readonly groupID: string }): void;
  openAddSearch(kind: 'friend' | 'group'): void;
  openEditProfile(): void;
  openCreateGroup(): void;
}

export const ContactDialogsContext = createContext<ContactDialogs | undefined>(undefined);

export function useContactDialogs(): ContactDialogs {
  const dialogs = useContext(ContactDialogsContext);
  if (dialogs === undefined) throw new Error('ContactDialogsProvider is rendered by the shell');
  return dialogs;
}
