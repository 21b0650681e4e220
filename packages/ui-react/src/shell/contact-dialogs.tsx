import { canOpenUserCard } from '@teamim/application';
import { PickerMode, type Group } from '@teamim/domain';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { deferred } from '../deferred';
import {
  ContactDialogsContext,
  type CardUser,
  type ContactDialogs,
  type UserCardOptions,
} from '../common/contact-dialogs';

// Each dialog is a chunk of its own (with Fluent's dialog, field and picker code, about 27 KB gzip in
// all, which the conversation list does not need): loaded when first opened, or ahead while the page is
// idle (preloadContactDialogs).
const userCard = deferred(() => import('../contacts/UserCard').then((m) => m.UserCardDialog));
const groupCard = deferred(() => import('../contacts/GroupCard').then((m) => m.GroupCardDialog));
const addSearch = deferred(() => import('../contacts/AddSearchDialog').then((m) => m.AddSearchDialog));
const editProfile = deferred(() => import('../contacts/EditProfileDialog').then((m) => m.EditProfileDialog));
// The top bar's and the empty chat page's Create group is the member picker's create mode.
const memberPicker = deferred(() => import('../groups/MemberPickerDialog').then((m) => m.MemberPickerDialog));

const DIALOGS = {
  user: userCard,
  group: groupCard,
  search: addSearch,
  profile: editProfile,
  createGroup: memberPicker,
} as const;

/** Fetches the contact dialogs' code ahead of their first use. */
export function preloadContactDialogs(): void {
  for (const dialog of Object.values(DIALOGS)) dialog.preload();
}

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
 * The shell renders this host because it composes two features' dialogs (the contact cards and the
 * groups' member picker); features open them through the context in common/ and depend on neither.
 *
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
  // A dialog shows once its code is there: one that suspended in its first render would be rendered again
  // from scratch, creating its view model (and its requests) again each time.
  const request = useCallback(
    (next: Exclude<Open, { readonly kind: 'none' }>) => {
      DIALOGS[next.kind].load().then(
        () => show(next),
        () => undefined, // the retries gave up (no network): the next click tries again
      );
    },
    [show],
  );
  const close = useCallback(() => setOpen({ kind: 'none' }), []);
  const dialogs = useMemo<ContactDialogs>(
    () => ({
      openUserCard: (user, options = {}) => {
        if (canOpenUserCard(user.userID, options).ok) request({ kind: 'user', user, options });
      },
      openGroupCard: (group) => request({ kind: 'group', group }),
      openAddSearch: (target) => request({ kind: 'search', target }),
      openEditProfile: () => request({ kind: 'profile' }),
      openCreateGroup: () => request({ kind: 'createGroup' }),
    }),
    [request],
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
      <Suspense fallback={null}>
        {open.kind === 'user' && (
          <userCard.Component
            key={open.user.userID}
            user={open.user}
            options={open.options}
            onClose={close}
          />
        )}
        {open.kind === 'group' && (
          <groupCard.Component key={open.group.groupID} group={open.group} onClose={close} />
        )}
        {open.kind === 'search' && <addSearch.Component target={open.target} onClose={close} />}
        {open.kind === 'profile' && <editProfile.Component onClose={close} />}
        {open.kind === 'createGroup' && (
          <memberPicker.Component mode={PickerMode.CreateGroup} onClose={close} />
        )}
      </Suspense>
    </ContactDialogsContext.Provider>
  );
}
