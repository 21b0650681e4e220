import { createContext, useContext } from 'react';
import type { Group } from '@teamim/domain';

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

/** Where the card was opened from (spec §2): a group may forbid adding its members; callers may hide Add. */
export interface UserCardOptions {
  readonly group?: Pick<Group, 'applyMemberFriend'>;
  readonly notAdd?: boolean;
}

/** The contact modals of spec §2, opened from the shell (top bar, avatar menu) and the contact pages. */
export interface ContactDialogs {
  /** `options` carry the group the card was opened from (applyMemberFriend) and the caller's notAdd. */
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
