import { TestWorld } from '@teamim/application/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/render';
import { NotificationSetting } from './NotificationSetting';

vi.setConfig({ testTimeout: 30_000 });

describe('NotificationSetting', () => {
  it('asks only when switched on; a refusal turns it back off with the reason', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    alice.ports.messageNotices.answer = 'denied';
    await renderView(<NotificationSetting />, { viewModels: alice.viewModels });
    const toggle = await screen.findByRole('switch', { name: 'New message notifications' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(alice.ports.messageNotices.prompts).toBe(0);
    await userEvent.click(toggle);
    expect(await screen.findByText(/Your browser blocked notifications for this site/)).toBeDefined();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(alice.ports.messageNotices.prompts).toBe(1);
  });

  it('switches on once permitted, and is remembered', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    await renderView(<NotificationSetting />, { viewModels: alice.viewModels });
    const toggle = await screen.findByRole('switch', { name: 'New message notifications' });
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(alice.ports.localStore.get('IM_NOTIFICATIONS')).toBe('on');
  });
});
