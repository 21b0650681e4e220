import { describe, expect, it } from 'vitest';
import { TestWorld } from '../../testing';

// Edit profile with avatar upload.

describe('EditProfileViewModel: avatar', () => {
  it('§5 resizes to at most 400x400 webp q90, uploads, saves the face URL for everyone', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.editProfile();
    expect(vm.state.faceURL).toBe('');
    const changed = await vm.changeAvatar({ name: 'me.png', mimeType: 'image/png', size: 9, handle: null });
    expect(changed.ok).toBe(true);
    expect(alice.ports.fileProcessor.requests.map((r) => r.options)).toEqual([
      { maxWidth: 400, maxHeight: 400, format: 'webp', quality: 90 },
    ]);
    expect(alice.ports.fileUploader.uploaded.map((f) => f.mimeType)).toEqual(['image/webp']);
    expect(vm.state.faceURL).toMatch(/^https:\/\/files\.fake\/1\/me\.webp$/);
    expect(vm.state.avatarBusy).toBe(false);
    expect(alice.currentUser.selfInfo?.faceURL).toBe(vm.state.faceURL);
    // The server keeps it, so every other client reads the new face.
    expect(world.backend.user('alice').info.faceURL).toBe(vm.state.faceURL);
  });

  it('§5 refuses other image types with its message and uploads nothing', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.editProfile();
    const refused = await vm.changeAvatar({ name: 'a.gif', mimeType: 'image/gif', size: 9, handle: null });
    expect(refused.ok).toBe(false);
    expect(vm.state.errors.avatar).toEqual({ kind: 'i18n', i18nKey: 'validation.avatar.unsupportedType' });
    expect(alice.ports.fileUploader.uploaded).toEqual([]);
    expect(vm.state.faceURL).toBe('');
  });
});
