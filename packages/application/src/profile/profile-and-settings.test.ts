import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { CloseAction, Gender, STORAGE_KEYS } from '@teamim/domain';
import { TestWorld } from '../testing';
import { CLOSE_ACTION_KEY } from '../settings/settings.store';

describe('ProfileService', () => {
  it('§4 Edit profile: submit updates self info', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');

    const result = await alice.profile.updateProfile('alice', {
      nickname: ' Alice ',
      email: 'alice@example.com',
      gender: Gender.Female,
      birth: world.clock.now() - 86_400_000,
    });

    expect(result.ok).toBe(true);
    expect(alice.currentUser.selfInfo).toMatchObject({
      nickname: 'Alice',
      email: 'alice@example.com',
      gender: 2,
    });
  });

  it('§5 Edit profile: nickname required and max 20, valid e-mail, birth not later than today', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const base = { nickname: 'Alice', email: 'a@b.co', gender: Gender.Man, birth: 0 };
    const key = async (form: typeof base): Promise<string | undefined> => {
      const r = await alice.profile.updateProfile('alice', form);
      return r.ok || r.error.kind !== 'validation' ? undefined : r.error.i18nKey;
    };
    expect(await key({ ...base, nickname: ' ' })).toBe('validation.nickname.required');
    expect(await key({ ...base, nickname: 'n'.repeat(21) })).toBe('validation.nickname.tooLong');
    expect(await key({ ...base, email: 'nope' })).toBe('validation.email.invalid');
    expect(await key({ ...base, birth: world.clock.now() + 2 * 86_400_000 })).toBe('validation.birth.future');
  });

  it('§5 Edit profile: a phone-only account may keep an empty e-mail; an existing e-mail cannot be cleared', async () => {
    const world = new TestWorld().users(
      { userID: 'pat', nickname: 'Pat', phoneNumber: '13800000009' },
      { userID: 'eve', nickname: 'Eve', email: 'eve@example.com' },
    );
    const pat = await world.signIn('pat');
    const saved = await pat.profile.updateProfile('pat', {
      nickname: 'Patty',
      email: ' ',
      gender: 0,
      birth: 0,
    });
    expect(saved.ok).toBe(true);
    expect(pat.currentUser.selfInfo).toMatchObject({ nickname: 'Patty', email: '' });
    const bad = await pat.profile.updateProfile('pat', {
      nickname: 'Patty',
      email: 'nope',
      gender: 0,
      birth: 0,
    });
    expect(!bad.ok && bad.error.kind === 'validation' && bad.error.i18nKey).toBe('validation.email.invalid');

    const eve = await world.signIn('eve');
    const cleared = await eve.profile.updateProfile('eve', {
      nickname: 'Eve',
      email: '',
      gender: 0,
      birth: 0,
    });
    expect(!cleared.ok && cleared.error.kind === 'validation' && cleared.error.i18nKey).toBe(
      'validation.email.required',
    );
  });

  it('§6 Profile editing applies to the own account only', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const result = await alice.profile.updateProfile('bob', {
      nickname: 'x',
      email: 'a@b.co',
      gender: 0,
      birth: 0,
    });
    expect(!result.ok && result.error.kind).toBe('permission');
  });

  it('§4 Edit profile: the saved values show at once, though the SDK still reports the old name and avatar', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const before = alice.currentUser.selfInfo;
    alice.ports.device.session.sdkProfileLag = {
      nickname: before?.nickname ?? '',
      faceURL: before?.faceURL ?? '',
    };
    const shown: (string | undefined)[] = [];
    alice.currentUser.selfInfo$.subscribe((info) => shown.push(info?.nickname));

    const saved = await alice.profile.updateProfile('alice', {
      nickname: 'Alice Renamed',
      email: 'renamed@example.com',
      gender: Gender.Female,
      birth: 0,
    });
    expect(saved.ok && saved.value.nickname).toBe('Alice Renamed');
    expect(alice.currentUser.selfInfo).toMatchObject({
      nickname: 'Alice Renamed',
      email: 'renamed@example.com',
    });
    expect(shown.at(-1)).toBe('Alice Renamed');

    const avatar = await alice.profile.updateAvatar({
      name: 'me.jpeg',
      mimeType: 'image/jpeg',
      size: 5,
      handle: null,
    });
    expect(avatar.ok).toBe(true);
    expect(alice.currentUser.selfInfo?.faceURL).toContain('me.webp');
    expect(alice.currentUser.selfInfo?.nickname).toBe('Alice Renamed');
  });

  it('§5 Avatar: the own avatar is resized, uploaded and saved; failures toast', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const result = await alice.profile.updateAvatar({
      name: 'me.jpeg',
      mimeType: 'image/jpeg',
      size: 5,
      handle: null,
    });
    expect(result.ok && result.value.faceURL).toContain('me.webp');

    const notLoggedIn = world.opened('alice');
    const failed = await notLoggedIn.profile.updateAvatar({
      name: 'me.jpeg',
      mimeType: 'image/jpeg',
      size: 5,
      handle: null,
    });
    expect(failed.ok).toBe(false);
  });
});

describe('SettingsStore', () => {
  it('§3 Settings: zh-CN and minimize are the defaults', async () => {
    const world = new TestWorld();
    const client = world.opened('alice');
    expect(await firstValueFrom(client.settings.settings$)).toEqual({
      locale: 'zh-CN',
      closeAction: 'miniSize',
    });
  });

  it('§3 Settings: the locale is stored; the desktop stored language wins; unknown values are refused', () => {
    const world = new TestWorld();
    const client = world.opened('alice');
    expect(client.settings.setLocale('en-US')).toBe(true);
    expect(client.ports.localStore.get(STORAGE_KEYS.local.locale)).toBe('en-US');
    expect(client.settings.setLocale('fr-FR')).toBe(false);
    client.settings.applyDesktopLanguage('zh-CN');
    expect(client.settings.snapshot.locale).toBe('zh-CN');
    client.settings.applyDesktopLanguage(undefined);
    expect(client.settings.snapshot.locale).toBe('en-US');
  });

  it('§2 Settings: the close action is stored and restored', () => {
    const world = new TestWorld();
    const client = world.opened('alice');
    client.settings.setCloseAction(CloseAction.Quit);
    expect(client.ports.localStore.get(CLOSE_ACTION_KEY)).toBe('quit');
    client.settings.setLocale('en-US');

    const restarted = world.opened('alice', { localStore: client.ports.localStore });

    expect(restarted.settings.snapshot).toEqual({ locale: 'en-US', closeAction: 'quit' });
  });
});
