import { TestWorld } from '@teamim/application/testing';
import { SessionType } from '@teamim/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/render';
import { RedPacketOpenDialog } from './RedPacketOpenDialog';

vi.setConfig({ testTimeout: 30_000 });

/** alice sends bob a one-to-one packet; bob's session and the message as bob's chat holds it. */
async function packetForBob() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  world.backend.wallet.payPasswords.set('alice', alice.ports.passwordHasher.md5('123456'));
  await alice.conversations.open('bob', SessionType.Single);
  await bob.conversations.open('alice', SessionType.Single);
  const sent = await alice.services.wallet.sendRedPacket(alice.conversations.currentConversation!, {
    amount: '0.52',
    pin: '123456',
  });
  expect(sent.ok).toBe(true);
  await world.settle();
  return { world, bob, message: bob.chat.snapshot.messages.at(-1)! };
}

describe('Opening a red packet keeps focus, and Escape, in the dialog', () => {
  it('while the opening is under way, Escape closes the dialog', async () => {
    const { world, bob, message } = await packetForBob();
    // The server's answer held, so the dialog stays on its spinner.
    let answer: () => void = () => undefined;
    const real = bob.ports.walletApi.openRedPacket.bind(bob.ports.walletApi);
    vi.spyOn(bob.ports.walletApi, 'openRedPacket').mockImplementation(
      (id) => new Promise((resolve) => (answer = () => resolve(real(id)))),
    );
    const onClose = vi.fn();
    await renderView(<RedPacketOpenDialog message={message} onClose={onClose} />, {
      viewModels: bob.viewModels,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(within(dialog).queryByRole('button', { name: 'Open' })).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer();
      await world.settle();
    });
  });

  it('once opened, focus is on the outcome and Escape closes the dialog', async () => {
    const { bob, message } = await packetForBob();
    const onClose = vi.fn();
    await renderView(<RedPacketOpenDialog message={message} onClose={onClose} />, {
      viewModels: bob.viewModels,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await within(dialog).findByText('¥0.52')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('status'));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a packet already opened shows so with focus on it, not on the page', async () => {
    const { bob, message } = await packetForBob();
    expect((await bob.services.wallet.claimRedPacket(message)).ok).toBe(true);
    const onClose = vi.fn();
    await renderView(<RedPacketOpenDialog message={message} onClose={onClose} />, {
      viewModels: bob.viewModels,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    await within(dialog).findByText(/already/i);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
