import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Group } from '@teamim/domain';
import { AddSearchDialog } from './AddSearchDialog';
import { CreateGroupDialog } from './CreateGroupDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { GroupCardDialog } from './GroupCard';
import { UserCardDialog, type CardUser, type UserCardOptions } from './UserCard';

export type { CardUser, UserCardOptions } from './UserCard';

/** The contact modals of spec §2, opened from the shell (top bar, avatar menu) and the contact pages. */
export interface ContactDialogs {
  /** `options` carry the group the card was opened from (applyMemberFriend) and the caller's notAdd. */
  openUserCard(user: CardUser, options?: UserCardOptions): void;
  openGroupCard(group: Group | { readonly groupID: string }): void;
  openAddSearch(kind: 'friend' | 'group'): void;
  openEditProfile(): void;
  openCreateGroup(): void;
}

type Open =
  | { readonly kind: 'none' }
  | { readonly kind: 'user'; readonly user: CardUser; readonly options: UserCardOptions }
  | { readonly kind: 'group'; readonly group: Group | { readonly groupID: string } }
  | { readonly kind: 'search'; readonly target: 'friend' | 'group' }
  | { readonly kind: 'profile' }
  | { readonly kind: 'createGroup' };

const ContactDialogsContext = createContext<ContactDialogs | undefined>(undefined);

export function useContactDialogs(): ContactDialogs {
  const dialogs = useContext(ContactDialogsContext);
  if (dialogs === undefined) throw new Error('ContactDialogsProvider is rendered by the shell');
  return dialogs;
}

/** Holds which contact modal is open; one at a time, as in the reference client. */
export function ContactDialogsProvider({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = useCallback(() => setOpen({ kind: 'none' }), []);
  const dialogs = useMemo<ContactDialogs>(
    () => ({
      openUserCard: (user, options = {}) => setOpen({ kind: 'user', user, options }),
      openGroupCard: (group) => setOpen({ kind: 'group', group }),
      openAddSearch: (target) => setOpen({ kind: 'search', target }),
      openEditProfile: () => setOpen({ kind: 'profile' }),
      openCreateGroup: () => setOpen({ kind: 'createGroup' }),
    }),
    [],
  );
  return (
    <ContactDialogsContext.Provider value={dialogs}>
      {children}
      {open.kind === 'user' && (
        <UserCardDialog key={open.user.userID} user={open.user} options={open.options} onClose={close} />
      )}
      {open.kind === 'group' && (
        <GroupCardDialog key={open.group.groupID} group={open.group} onClose={close} />
      )}
      {open.kind === 'search' && <AddSearchDialog target={open.target} onClose={close} />}
      {open.kind === 'profile' && <EditProfileDialog onClose={close} />}
      {open.kind === 'createGroup' && <CreateGroupDialog onClose={close} />}
    </ContactDialogsContext.Provider>
  );
}
