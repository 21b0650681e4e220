import { TestWorld } from '@teamim/application/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/render';
import { EditProfileDialog } from './EditProfileDialog';

vi.setConfig({ testTimeout: 30_000 });

describe('Edit profile: avatar', () => {
  it('picking an image resizes, uploads and shows the new avatar at once; a gif is refused', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice' });
    const alice = await world.signIn('alice');
    await renderView(<EditProfileDialog onClose={() => undefined} />, { viewModels: alice.viewModels });
    const modal = await screen.findByRole('dialog', { name: 'Edit info' });
    // The avatar is decorative (the nickname is beside it): initials until a picture is saved.
    expect(modal.querySelector('img')).toBeNull();
    const button = within(modal).getByRole('button', { name: 'Change avatar' });
    const input = within(modal).getByTestId<HTMLInputElement>('profile-avatar-file');
    expect(input.accept).toContain('image/webp');

    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await within(modal).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringMatching(/jpeg|png|webp/i),
    );
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(alice.currentUser.selfInfo?.faceURL).toMatch(/me\.webp$/));
    await waitFor(() =>
      expect(modal.querySelector('img')?.getAttribute('src')).toBe(alice.currentUser.selfInfo?.faceURL),
    );
    expect(within(modal).queryByRole('alert')).toBeNull();
    expect(button).toBeTruthy();
  });
});
