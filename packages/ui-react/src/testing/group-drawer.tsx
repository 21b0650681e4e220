import { GroupMemberRole, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '@teamim/application/testing';
import { screen } from '@testing-library/react';
import { ContactDialogsProvider } from '../shell/contact-dialogs';
import { GroupDrawerContent } from '../groups/GroupDrawer';
import { renderView } from './render';

/** Olivia owns "Team" with Adam (admin), Bob and Carol; Dave is her friend outside it. */
export async function team() {
  const w = new TestWorld().users(
    { userID: 'owner', nickname: 'Olivia' },
    { userID: 'admin', nickname: 'Adam' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
    { userID: 'dave', nickname: 'Dave' },
  );
  for (const id of ['admin', 'bob', 'carol', 'dave']) w.backend.makeFriends('owner', id);
  const owner = await w.signIn('owner');
  const admin = await w.signIn('admin');
  const bob = await w.signIn('bob');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  w.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await w.settle();
  return { w, owner, admin, bob, groupID };
}

/**
 * Renders the drawer's content as the open group chat shows it. (Fluent's OverlayDrawer turns
 * aria-hidden in jsdom a moment after opening, with or without this content, so the frame is left out.)
 * Fluent's modal surfaces do the same once open (tabster's modalizer sees focus outside them), so the
 * tests' queries inside modals include hidden elements; the e2e suite checks those dialogs in Chromium,
 * with axe.
 */
export async function openDrawer(client: TestClient, groupID: string) {
  await client.conversations.open(groupID, SessionType.Group);
  await renderView(
    <section role="dialog" aria-label="Group settings">
      <GroupDrawerContent groupID={groupID} onClose={() => undefined} />
    </section>,
    {
      viewModels: client.viewModels,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    },
  );
  return screen.getByRole('dialog', { name: 'Group settings' });
}
