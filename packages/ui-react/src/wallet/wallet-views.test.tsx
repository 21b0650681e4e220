import { AppearanceStore } from '@teamim/application';
import { TestWorld, type TestClient } from '@teamim/application/testing';
import { SessionType } from '@teamim/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppearanceContext } from '../appearance';
import { RedPacketBody } from '../chat/bodies/RedPacketBody';
import { inAccountSettingsSlots, inChatSlots } from '../testing/hosted-slots';
import { renderView } from '../testing/render';
import { AboutDialog } from './AboutDialog';
import { AccountSettingsDialog } from './AccountSettingsDialog';
import { BalanceDialog } from './BalanceDialog';
import { PayPasswordDialog } from './PayPasswordDialog';
import { RedPacketSendDialog } from './RedPacketSendDialog';
import { redPacketBody } from '@teamim/application';

// Typing through user-event on a shared, slow machine takes seconds; this is a ceiling, not a measurement.
vi.setConfig({ testTimeout: 30_000 });

async function funded(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  world.backend.makeFriends('alice', 'bob');
  world.backend.wallet.credit('alice', 12_345, 3, 'top-up');
  return { world, alice: await world.signIn('alice'), bob: await world.signIn('bob') };
}

/** Types six digits into the boxes of the group named `label`. */
async function typePin(label: string, pin: string) {
  const group = await screen.findByRole('group', { name: label });
  const boxes = within(group).getAllByLabelText(/digit/);
  expect(boxes).toHaveLength(6);
  await userEvent.click(boxes[0]!);
  await userEvent.keyboard(pin);
}

describe('Balance dialog', () => {
  it('shows the balance in yuan with two decimals and the ledger rows; an empty ledger says so', async () => {
    const { alice, bob } = await funded();
    await renderView(<BalanceDialog onClose={() => undefined} />, { viewModels: alice.viewModels });
    const dialog = await screen.findByRole('dialog', { name: 'My balance' });
    expect(await within(dialog).findByText('¥123.45')).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: 'Transactions' });
    expect(within(list).getByText('+123.45')).toBeTruthy();
    expect(within(list).getByText(/^Top-up/)).toBeTruthy();

    await renderView(<BalanceDialog onClose={() => undefined} />, { viewModels: bob.viewModels });
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
  });
});

describe('Pay-password dialog', () => {
  it('labelled groups of six labelled boxes; a paste fills them; a mismatch shows; the last box submits', async () => {
    const { world, alice } = await funded();
    await renderView(<PayPasswordDialog onClose={() => undefined} />, { viewModels: alice.viewModels });
    await screen.findByRole('dialog', { name: 'Set pay password' });
    const group = screen.getByRole('group', { name: 'New pay password' });
    expect(within(group).getByLabelText('New pay password: digit 1 of 6')).toBeTruthy();
    fireEvent.paste(within(group).getAllByLabelText(/digit/)[0]!, {
      clipboardData: { getData: () => '12 34 56' },
    });
    const boxes = within(group).getAllByLabelText<HTMLInputElement>(/digit/);
    expect(boxes.map((b) => b.value).join('')).toBe('123456');
    expect(boxes.every((b) => b.type === 'password')).toBe(true);

    await typePin('Confirm pay password', '654321');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Passwords do not match');
    await typePin('Confirm pay password', '123456');
    expect(await screen.findByText('Pay password saved')).toBeTruthy();
    expect(world.backend.wallet.payPasswords.get('alice')).toBe(alice.ports.passwordHasher.md5('123456'));
  });
});

describe('Red packets', () => {
  it('send: amount required, then the pay password pays; the receiver opens the bubble and sees the amount', async () => {
    const { world, alice, bob } = await funded();
    world.backend.wallet.payPasswords.set('alice', alice.ports.passwordHasher.md5('123456'));
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    const closed = vi.fn();
    const sender = await renderView(
      <RedPacketSendDialog
        conversationID={alice.conversations.currentConversation!.conversationID}
        onClose={closed}
      />,
      { viewModels: alice.viewModels },
    );
    await screen.findByRole('dialog', { name: 'Send a red packet' });
    await userEvent.click(screen.getByRole('button', { name: 'Put money in' }));
    expect(await screen.findByText('Please enter the amount')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '8.88');
    await userEvent.click(screen.getByRole('button', { name: 'Put money in' }));
    await typePin('Pay password', '123456');
    await waitFor(() => expect(closed).toHaveBeenCalled());
    await world.settle();
    sender.unmount();

    const message = bob.chat.snapshot.messages.at(-1)!;
    const body = redPacketBody(message, { selfUserID: 'bob', nowMs: world.clock.now() })!;
    await renderView(<RedPacketBody body={body} />, { viewModels: bob.viewModels, wrap: inChatSlots });
    await userEvent.click(screen.getByRole('button', { name: /^Red packet: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await within(dialog).findByText('¥8.88')).toBeTruthy();
    expect(world.backend.wallet.balances.get('bob')).toBe(888);
  });

  it('the sender of a one-to-one packet is not offered to open it: waiting, then opened by the peer', async () => {
    const { world, alice, bob } = await funded();
    world.backend.wallet.payPasswords.set('alice', alice.ports.passwordHasher.md5('123456'));
    await alice.conversations.open('bob', SessionType.Single);
    const conversationID = alice.conversations.currentConversation!.conversationID;
    const sent = alice.viewModels.redPacketSend(conversationID);
    sent.setAmount('5.20');
    sent.next();
    expect((await sent.setPin('123456'))?.ok).toBe(true);
    await world.settle();
    const message = alice.chat.snapshot.messages.at(-1)!;
    const body = redPacketBody(message, { selfUserID: 'alice', nowMs: world.clock.now() })!;

    const first = await renderView(<RedPacketBody body={body} />, {
      viewModels: alice.viewModels,
      wrap: inChatSlots,
    });
    await userEvent.click(screen.getByRole('button', { name: /^Red packet: / }));
    let dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    expect(
      await within(dialog).findByText(/^Waiting to be opened; it can be opened for 24 hours/),
    ).toBeTruthy();
    expect(within(dialog).getByText('5.20 yuan')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Open' })).toBeNull();
    first.unmount();

    await bob.conversations.open('alice', SessionType.Single);
    const received = bob.chat.snapshot.messages.at(-1)!;
    expect((await bob.viewModels.redPacketOpen(received).open()).ok).toBe(true);

    await renderView(<RedPacketBody body={body} />, { viewModels: alice.viewModels, wrap: inChatSlots });
    await userEvent.click(screen.getByRole('button', { name: /^Red packet: / }));
    dialog = await screen.findByRole('dialog', { name: 'Red packet from Alice' });
    expect(await within(dialog).findByText(/^Opened by Bob at \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Open' })).toBeNull();
  });
});

describe('Account settings and About', () => {
  it('theme and language apply at once; the pay-password entry opens its dialog; desktop slot absent on the web', async () => {
    const { alice } = await funded();
    const appearance = new AppearanceStore(alice.ports.localStore);
    const payPassword = vi.fn();
    await renderView(<AccountSettingsDialog onClose={() => undefined} onPayPassword={payPassword} />, {
      viewModels: alice.viewModels,
      wrap: (children) =>
        inAccountSettingsSlots(
          <AppearanceContext.Provider value={appearance}>{children}</AppearanceContext.Provider>,
        ),
    });
    await screen.findByRole('dialog', { name: 'Account settings' });
    // The notifications feature's switch, in its slot.
    expect(screen.getByRole('switch', { name: 'New message notifications' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(appearance.snapshot).toBe('dark');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('dialog', { name: '账号设置' })).toBeTruthy();
    expect(alice.services.settings.snapshot.locale).toBe('zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '设置支付密码' }));
    expect(payPassword).toHaveBeenCalled();
  });

  it('About shows the versions and copies them with a toast', async () => {
    const { alice } = await funded();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderView(<AboutDialog onClose={() => undefined} />, { viewModels: alice.viewModels });
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    expect(within(dialog).getAllByText('v3.8.3')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: /Copy version information/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('TeamIM v3.8.3 (SDK v3.8.3)'));
    expect(alice.toasts.keys()).toContain('toast.copySuccess');
  });
});
