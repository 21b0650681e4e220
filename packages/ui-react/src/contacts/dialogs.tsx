import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Group } from '@teamim/domain';
import { AddSearchDialog } from './AddSearchDialog';
import { CreateGroupDialog } from './CreateGroupDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { GroupCardDialog } from './GroupCard';
import {
  ContactDialogsContext,
  type CardUser,
  type ContactDialogs,
  type UserCardOptions,
} from './dialog-context';
import { UserCardDialog } from './UserCard';

export { useContactDialogs } from './dialog-context';
export type { CardUser, ContactDialogs, UserCardOptions } from './dialog-context';

type Open =
  | { readonly kind: 'none' }
  | { readonly kind: 'user'; readonly user: CardUser; readonly options: UserCardOptions }
  | { readonly kind: 'group'; readonly group: Group | { readonly groupID: string } }
  | { readonly kind: 'search'; readonly target: 'friend' | 'group' }
  | { readonly kind: 'profile' }
  | { readonly kind: 'createGroup' };

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
