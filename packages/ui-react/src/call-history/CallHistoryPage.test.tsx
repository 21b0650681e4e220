import { signedInFriends, type TestClient, type TestWorld } from '@teamim/application/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../testing/render';
import { CallHistoryPage } from './CallHistoryPage';

/** alice calls bob: answered for 5 s, then cancelled before he answers. */
async function twoCalls(world: TestWorld, alice: TestClient, bob: TestClient): Promise<void> {
  await alice.calls.invite('bob', 'video');
  await world.settle();
  await bob.calls.accept();
  await world.settle();
  await world.advance(5_000);
  await alice.calls.hangUp();
  await world.settle();
  await world.advance(1_000);
  await alice.calls.invite('bob', 'audio');
  await world.settle();
  await alice.calls.cancel();
  await world.settle();
}

describe('CallHistoryPage', () => {
  it('lists each call newest first with its direction, outcome and a named call back; the Missed button filters', async () => {
    const { world, alice, bob } = await signedInFriends();
    // The rows' texts follow the session's language, as the app's strings do.
    bob.settings.setLocale('en-US');
    await twoCalls(world, alice, bob);
    await renderView(<CallHistoryPage />, { viewModels: bob.viewModels });
    await act(() => world.settle());

    const rows = within(screen.getByRole('list', { name: 'Call history' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'AliceVoice call · MissedJust now',
      'AliceVideo call · Answered · 00:05Just now',
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Incoming' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Call Alice back' })[1] as HTMLElement);
    await act(() => world.settle());
    expect(alice.calls.snapshot).toMatchObject({ phase: 'waiting', peerUserID: 'bob' });

    fireEvent.click(screen.getByRole('button', { name: 'Missed' }));
    expect(within(screen.getByRole('list', { name: 'Call history' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
  });

  it('says when there is nothing, in both languages', async () => {
    const { world, alice } = await signedInFriends();
    const view = await renderView(<CallHistoryPage />, { viewModels: alice.viewModels, locale: 'zh-CN' });
    await act(() => world.settle());
    expect(screen.getByText('还没有通话')).toBeTruthy();
    view.unmount();
    await renderView(<CallHistoryPage />, { viewModels: alice.viewModels });
    await act(() => world.settle());
    fireEvent.click(screen.getByRole('button', { name: 'Missed' }));
    expect(screen.getByText('No missed calls')).toBeTruthy();
  });
});
