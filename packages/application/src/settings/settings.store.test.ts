import { describe, expect, it } from 'vitest';
import { CloseAction, DEFAULT_APP_SETTINGS } from '@teamim/domain';
import { InMemoryLocalStore } from '../testing/fake-key-value-store';
import { SettingsStore } from './settings.store';

const stored = (entries: Record<string, string>): InMemoryLocalStore => {
  const store = new InMemoryLocalStore();
  for (const [key, value] of Object.entries(entries)) store.set(key, value);
  return store;
};

describe('settings kept on this device (spec §3, §2 account settings, 18 notices)', () => {
  it('reads the notices switch as stored: on, off, or not chosen yet (also for an unreadable value)', () => {
    const base = { locale: DEFAULT_APP_SETTINGS.locale, closeAction: DEFAULT_APP_SETTINGS.closeAction };
    expect(new SettingsStore(stored({ IM_NOTIFICATIONS: 'on' })).snapshot).toEqual({
      ...base,
      notifications: true,
    });
    expect(new SettingsStore(stored({ IM_NOTIFICATIONS: 'off' })).snapshot).toEqual({
      ...base,
      notifications: false,
    });
    expect(new SettingsStore(stored({})).snapshot).toEqual(base);
    expect(new SettingsStore(stored({ IM_NOTIFICATIONS: 'yes' })).snapshot).toEqual(base);
  });

  it('remembers the notices switch under IM_NOTIFICATIONS, read back by the next start', () => {
    const store = stored({});
    const settings = new SettingsStore(store);
    settings.setNotifications(false);
    expect(store.data.get('IM_NOTIFICATIONS')).toBe('off');
    expect(new SettingsStore(store).snapshot.notifications).toBe(false);
    settings.setNotifications(true);
    expect(store.data.get('IM_NOTIFICATIONS')).toBe('on');
    expect(new SettingsStore(store).snapshot.notifications).toBe(true);
  });

  it('remembers the close action under IM_CLOSE_ACTION and keeps the other settings', () => {
    const store = stored({ IM_NOTIFICATIONS: 'on' });
    const settings = new SettingsStore(store);
    settings.setCloseAction(CloseAction.Quit);
    expect(store.data.get('IM_CLOSE_ACTION')).toBe('quit');
    expect(settings.snapshot).toEqual({
      locale: DEFAULT_APP_SETTINGS.locale,
      closeAction: CloseAction.Quit,
      notifications: true,
    });
    expect(new SettingsStore(store).snapshot.closeAction).toBe(CloseAction.Quit);
  });
});
