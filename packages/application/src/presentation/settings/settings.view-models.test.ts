import { describe, expect, it } from 'vitest';
import { AppearanceStore, THEME_KEY } from '../../settings/appearance.store';
import { TestWorld } from '../../testing';
import { InMemoryLocalStore } from '../../testing/fake-key-value-store';

describe('AccountSettingsViewModel', () => {
  it('§2 language and theme are applied at once and remembered across sessions', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const localStore = alice.ports.localStore;
    const appearance = new AppearanceStore(localStore);
    const vm = alice.viewModels.accountSettings(appearance);
    expect(vm.state).toMatchObject({ locale: 'zh-CN', theme: 'system', hasPayPassword: false });
    expect(vm.state.blacklistRoute).toBe('/contact/blacklist');

    expect(vm.setLocale('en-US')).toBe(true);
    expect(vm.setLocale('fr-FR')).toBe(false);
    expect(vm.setTheme('dark')).toBe(true);
    expect(vm.setTheme('sepia')).toBe(false);
    expect(vm.state).toMatchObject({ locale: 'en-US', theme: 'dark' });
    expect(localStore.get(THEME_KEY)).toBe('dark');

    const again = new AppearanceStore(localStore);
    expect(again.snapshot).toBe('dark');
    expect(world.opened('alice', { localStore }).services.settings.snapshot.locale).toBe('en-US');
  });

  it('§2 the pay-password entry follows the self info (set, then change)', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.accountSettings(new AppearanceStore(new InMemoryLocalStore()));
    const pin = alice.viewModels.payPassword();
    await pin.setValue('new', '123456');
    await pin.setValue('confirm', '123456');
    expect(vm.state.hasPayPassword).toBe(true);
  });
});

describe('AboutViewModel', () => {
  it('§2 About: product name, v3.8.3 and the SDK version; a click copies them with a toast', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.about();
    expect(vm.state).toMatchObject({ productName: 'TeamIM', version: 'v3.8.3', sdkVersion: 'v3.8.3' });
    const copied: string[] = [];
    expect(await vm.copy((text) => Promise.resolve(void copied.push(text)))).toBe(true);
    expect(copied).toEqual(['TeamIM v3.8.3 (SDK v3.8.3)']);
    expect(alice.toasts.keys()).toContain('toast.copySuccess');
    expect(await vm.copy(() => Promise.reject(new Error('denied')))).toBe(false);
    expect(alice.toasts.keys()).toContain('toast.copyFailed');
  });
});
