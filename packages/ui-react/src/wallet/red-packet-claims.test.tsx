import { TestWorld } from '@teamim/application/testing';
import { SessionType } from '@teamim/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/render';
import { RedPacketOpenDialog } from './RedPacketOpenDialog';

vi.setConfig({ testTimeout: 30_000 });

describe('Red packet: who received what', () => {
  it('a group packet lists each claim with name, amount and time, and says n of m', async () => {
    const world = new TestWorld().users(
      { userID: 'alice', nickname: 'Alice' },
      { userID: 'bob', nickname: 'Bob' },
      { userID: 'carol', nickname: 'Carol' },
    );
    world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const carol = await world.signIn('carol');
    world.backend.wallet.payPasswords.set('alice', alice.ports.passwordHasher.md5('123456'));
    const group = await alice.ports.groups.createGroup({
      groupName: 'team',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
    });
    await world.settle();
    await alice.conversations.open(group.groupID, SessionType.Group);
    await carol.conversations.open(group.groupID, SessionType.Group);
    const sent = await alice.services.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '0.30',
      count: '3',
      pin: '123456',
    });
    expect(sent.ok).toBe(true);
    await world.settle();
    const message = carol.chat.snapshot.messages.at(-1)!;
    expect((await bob.services.wallet.claimRedPacket(message)).ok).toBe(true);

    await renderView(<RedPacketOpenDialog message={message} onClose={() => undefined} />, {
      viewModels: carol.viewModels,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await within(dialog).findByText('¥0.10')).toBeTruthy();
    const list = await within(dialog).findByRole('list', { name: 'Who received what' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Bob, 0\.10 yuan, \d{4}-\d\d-\d\d \d\d:\d\d$/),
      expect.stringMatching(/^Carol \(you\), 0\.10 yuan, /),
    ]);
    expect(within(dialog).getByText('2 of 3 opened, 0.20 of 0.30 yuan')).toBeTruthy();
  });
});
