import { canOpenUserCard } from '@teamim/application';
import { PickerMode, type Group } from '@teamim/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddSearchDialog } from './AddSearchDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { GroupCardDialog } from './GroupCard';
import {
  ContactDialogsContext,
  type CardUser,
  type ContactDialogs,
  type UserCardOptions,
} from './dialog-context';
import { UserCardDialog } from './UserCard';
// The top bar's and the empty chat page's Create group is the member picker's create mode.
import { MemberPickerDialog } from '../groups/MemberPickerDialog';

export { useContactDialogs } from './dialog-context';
export type { CardUser, ContactDialogs, UserCardOptions } from './dialog-context';

type Open =
  | { readonly kind: 'none' }
  | { readonly kind: 'user'; readonly user: CardUser; readonly options: UserCardOptions }
  | { readonly kind: 'group'; readonly group: Group | { readonly groupID: string } }
  | { readonly kind: 'search'; readonly target: 'friend' | 'group' }
  | { readonly kind: 'profile' }
  | { readonly kind: 'createGroup' };

/** The element that had focus, unless it is the page itself. */
function focused(): HTMLElement | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/**
 * Holds which contact modal is open; one at a time, as in the reference client. Closing returns focus
 * to where it was when the first modal opened (the dialogs are unmounted, so Fluent cannot).
 */
export function ContactDialogsProvider({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  // Where focus goes back to: the trigger, else (a menu item that has gone) the last control focused
  // outside menus and dialogs, which is the menu's own trigger.
  const returnTo = useRef<readonly (HTMLElement | undefined)[]>([]);
  const lastOutside = useRef<HTMLElement | undefined>(undefined);
  useEffect(() => {
    const track = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('[role="menu"], [role="dialog"]') === null)
        lastOutside.current = target;
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, []);
  const show = useCallback((next: Open) => {
    setOpen((current) => {
      // A modal opened from another one (Edit info from the card) returns to the first one's trigger.
      if (current.kind === 'none') returnTo.current = [focused(), lastOutside.current];
      return next;
    });
  }, []);
  const close = useCallback(() => setOpen({ kind: 'none' }), []);
  const dialogs = useMemo<ContactDialogs>(
    () => ({
      openUserCard: (user, options = {}) => {
        if (canOpenUserCard(user.userID, options).ok) show({ kind: 'user', user, options });
      },
      openGroupCard: (group) => show({ kind: 'group', group }),
      openAddSearch: (target) => show({ kind: 'search', target }),
      openEditProfile: () => show({ kind: 'profile' }),
      openCreateGroup: () => show({ kind: 'createGroup' }),
    }),
    [show],
  );
  const isOpen = open.kind !== 'none';
  useEffect(() => {
    if (isOpen) return;
    const target = returnTo.current.find((element) => element?.isConnected === true);
    returnTo.current = [];
    target?.focus();
  }, [isOpen]);

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
      {open.kind === 'createGroup' && <MemberPickerDialog mode={PickerMode.CreateGroup} onClose={close} />}
    </ContactDialogsContext.Provider>
  );
}
